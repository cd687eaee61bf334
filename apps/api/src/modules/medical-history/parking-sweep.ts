import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '../../context.js';
import { parkingDir } from './medical-history.routes.js';

const HOUR_MS = 3_600_000;

/**
 * Removes parked uploads left behind by a process that died mid-request (a live request parks a file for seconds).
 * Only files older than an hour go, so another process sharing the data directory keeps its own.
 */
export async function sweepParkedUploads(ctx: AppContext, now = Date.now()): Promise<number> {
  const dir = parkingDir(ctx);
  let removed = 0;
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && now - info.mtimeMs > HOUR_MS) {
      await rm(path, { force: true });
      removed++;
    }
  }
  return removed;
}

/** Hourly, and once at start: a restart after a crash clears what the crash left. */
export function scheduleParkingSweep(ctx: AppContext): void {
  ctx.jobs.schedule('parked-upload-sweep', '30 * * * *', () => sweepParkedUploads(ctx), { runAtStart: true });
}
