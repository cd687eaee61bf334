import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

/** A feature module as the app sees it: its routes, and optionally root-level hooks and background jobs. */
export type AppModule = {
  name: string;
  /** Routes under /api. */
  registerRoutes: (api: FastifyInstance, ctx: AppContext) => void;
  /** Hooks that must run for every request before routes (e.g. the session lookup). */
  registerHooks?: (app: FastifyInstance, ctx: AppContext) => void;
  /** Registers background jobs on ctx.jobs; the queue runs them once the app is ready and stops them on close. */
  registerJobs?: (ctx: AppContext) => void;
};
