import type { AppModule } from '../app-module.js';
import { registerCustomerRoutes } from './customers.routes.js';

export const customersModule: AppModule = { name: 'customers', registerRoutes: registerCustomerRoutes };
