import type { AppModule } from '../app-module.js';
import { registerCountryRoutes } from './countries.routes.js';

export const countriesModule: AppModule = { name: 'countries', registerRoutes: (api) => registerCountryRoutes(api) };
