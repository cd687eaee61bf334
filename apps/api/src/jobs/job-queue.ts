import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { asSystem } from '../db/row-scope.js';
import { QueueConnection } from './queue-connection.js';
import { createQueueOnce, SCHEDULE_QUEUE } from './queue-creation.js';
import type { SqlExecutor } from './sql-executor.js';

export type JobHandler = () => Promise<unknown>;

export type JobOptions = {
  /** Further attempts after a failed run. */
  retryLimit?: number;
  /** Seconds before the first retry; each further one waits twice as long. */
  retryDelaySeconds?: number;
  /** A run still going after this long counts as failed (and is retried). */
  expireInSeconds?: number;
  /** Also run once right after start: once for all processes that start within the same minute. */
  runAtStart?: boolean;
};

/** Background jobs, kept in the database (pg-boss): each scheduled run happens once, whichever app process takes it. */
export type JobQueue = {
  /** Registers a job before the app starts; `cron` is read in UTC, like pg-boss does. */
  schedule: (name: string, cron: string, handler: JobHandler, options?: JobOptions) => void;
  /** Queues one extra run of a registered job now. */
  send: (name: string) => Promise<void>;
};

export type JobQueueControl = JobQueue & { start: () => Promise<void>; stop: () => Promise<void> };

/** How often the queue asks the database for work; a scheduled run starts within about the sum of these. */
export type JobQueueTiming = {
  /** Each job's worker asks for a run this often. */
  pollingIntervalSeconds: number;
  /** Schedules are checked this often (1–45 s); one process checks per interval. */
  cronMonitorIntervalSeconds: number;
  /** Runs found due are queued this often (1–45 s). */
  cronWorkerIntervalSeconds: number;
};

const DEFAULT_TIMING: JobQueueTiming = {
  pollingIntervalSeconds: 5,
  cronMonitorIntervalSeconds: 30,
  cronWorkerIntervalSeconds: 5,
};
const DEFAULT_OPTIONS: Required<Omit<JobOptions, 'runAtStart'>> = {
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 15 * 60,
};
/** How long closing the app waits for running jobs; pg-boss marks those still running failed, to be retried. */
const STOP_TIMEOUT_MS = 10_000;

type Registered = { cron: string; handler: JobHandler; options: JobOptions };

export function createJobQueue(options: {
  database: SqlExecutor;
  log: FastifyBaseLogger;
  timing?: Partial<JobQueueTiming>;
}): JobQueueControl {
  const { log } = options;
  const timing = { ...DEFAULT_TIMING, ...options.timing };
  const connection = new QueueConnection(options.database, log);
  const jobs = new Map<string, Registered>();
  const running = new Set<Promise<void>>();
  let boss: PgBoss | null = null;

  const sendOptions = (job: Registered): PgBoss.SendOptions => {
    const settings = { ...DEFAULT_OPTIONS, ...job.options };
    return {
      retryLimit: settings.retryLimit,
      retryDelay: settings.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: settings.expireInSeconds,
    };
  };

  async function run(name: string, handler: JobHandler): Promise<void> {
    try {
      // Jobs serve every practice: they read and write as the platform (db/row-scope.ts).
      await asSystem(handler);
    } catch (error) {
      log.error({ err: error, job: name }, `job ${name} failed`);
      throw error;
    }
  }

  /** Runs a job and remembers it until it ends, so that stop() can wait for exactly these. */
  function track(name: string, handler: JobHandler): Promise<void> {
    const execution = run(name, handler);
    const forget = () => running.delete(execution);
    running.add(execution);
    execution.then(forget, forget);
    return execution;
  }

  async function register(instance: PgBoss, name: string, job: Registered): Promise<void> {
    await createQueueOnce(connection, instance, name);
    await instance.schedule(name, job.cron, {}, sendOptions(job));
    await instance.work(name, { pollingIntervalSeconds: timing.pollingIntervalSeconds, batchSize: 1 }, () =>
      track(name, job.handler),
    );
  }

  return {
    schedule(name, cron, handler, jobOptions = {}) {
      if (boss) throw new Error(`job ${name} registered after the queue started`);
      if (jobs.has(name)) throw new Error(`job ${name} registered twice`);
      jobs.set(name, { cron, handler, options: jobOptions });
    },

    async send(name) {
      const job = jobs.get(name);
      if (!boss || !job) throw new Error(`job ${name} is not registered or the queue has not started`);
      await boss.send(name, {}, sendOptions(job));
    },

    async start() {
      const instance = new PgBoss({ db: connection, ...timing });
      instance.on('error', (error) => connection.report(error));
      // Creates or migrates its own schema (pgboss) first, under an advisory lock when several processes start.
      await instance.start();
      boss = instance;
      await createQueueOnce(connection, instance, SCHEDULE_QUEUE);
      for (const [name, job] of jobs) await register(instance, name, job);
      // Schedules a newer version no longer has would queue runs that no worker takes.
      for (const { name } of await instance.getSchedules()) {
        if (!jobs.has(name)) await instance.unschedule(name);
      }
      for (const [name, job] of jobs) {
        if (job.options.runAtStart) {
          await instance.send(name, {}, { ...sendOptions(job), singletonKey: 'start', singletonSeconds: 60 });
        }
      }
      connection.started();
    },

    async stop() {
      if (!boss) return;
      // pg-boss checks for running jobs only every half second; waiting for them here first lets a close take
      // milliseconds (the tests open and close many apps).
      for (const name of jobs.keys()) await boss.offWork(name);
      await settledWithin([...running], STOP_TIMEOUT_MS);
      await boss.stop({ graceful: true, wait: true, close: false, timeout: STOP_TIMEOUT_MS });
      await connection.stop();
    },
  };
}

/** Waits until the promises settle, or at most `ms`; leaves no timer behind. */
async function settledWithin(promises: Promise<unknown>[], ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([Promise.allSettled(promises), timeout]);
  clearTimeout(timer);
}
