import type { AppModule } from '../app-module.js';
import { registerRegistrationRoutes } from './registration.routes.js';

export const registrationModule: AppModule = { name: 'registration', registerRoutes: registerRegistrationRoutes };
