import type { AppModule } from '../app-module.js';
import { registerVideoRoutes } from './video.routes.js';
import { scheduleVideoHousekeeping } from './video-metadata.js';

/** Video consultations: tokens and links, the signalling WebSocket, metadata and its deletion after 90 days. */
export const videoModule: AppModule = {
  name: 'video',
  registerRoutes: (api, ctx) => registerVideoRoutes(api, ctx),
  registerJobs: scheduleVideoHousekeeping,
};
