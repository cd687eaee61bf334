import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { AppModule } from '../app-module.js';
import { registerMedicalHistoryRoutes } from './medical-history.routes.js';
import { scheduleParkingSweep } from './parking-sweep.js';
import { registerPatientDocumentRoutes } from './patient-documents.routes.js';

export const medicalHistoryModule: AppModule = {
  name: 'medical-history',
  registerRoutes: (api: FastifyInstance, ctx: AppContext) => {
    registerMedicalHistoryRoutes(api, ctx);
    registerPatientDocumentRoutes(api, ctx);
  },
  registerJobs: scheduleParkingSweep,
};
