import type { AppModule } from '../app-module.js';
import { registerPaymentRoutes } from './payments.routes.js';

export const paymentsModule: AppModule = { name: 'payments', registerRoutes: registerPaymentRoutes };
