import { describe, expect, it } from 'vitest';
import { EmbeddedDatabaseBusyError, EmbeddedQueue, withUrgentDatabaseAccess } from './embedded-queue.js';
import { isDatabaseUnavailable } from './unavailable.js';

/** A queue whose jobs record their start and wait for the test to finish them. */
function recordingQueue(limits = { maxWaiting: 10, maxWaitMs: 10_000 }) {
  const queue = new EmbeddedQueue(limits, () => undefined);
  const started: string[] = [];
  const refused: string[] = [];
  const running: (() => void)[] = [];
  const add = (name: string, inTransaction = false) =>
    queue.enqueue(
      (done) => {
        started.push(name);
        running.push(done);
      },
      (error) => refused.push(`${name}: ${error.message}`),
      inTransaction,
    );
  const finishCurrent = () => running.shift()?.();
  return { queue, started, refused, add, finishCurrent };
}

describe('EmbeddedQueue', () => {
  it('runs one statement at a time, urgent ones before the ordinary ones that waited longer', async () => {
    const q = recordingQueue();
    q.add('first');
    q.add('ordinary');
    await withUrgentDatabaseAccess(async () => q.add('health'));
    expect(q.started).toEqual(['first']);
    q.finishCurrent();
    q.finishCurrent();
    q.finishCurrent();
    expect(q.started).toEqual(['first', 'health', 'ordinary']);
  });

  it('lets only the open transaction run until it ends', () => {
    const q = recordingQueue();
    q.add('begin');
    q.queue.setInTransaction(true);
    q.add('outside');
    q.finishCurrent();
    q.add('insert', true);
    expect(q.started).toEqual(['begin', 'insert']);
    q.finishCurrent();
    expect(q.started).toEqual(['begin', 'insert']);
    q.add('commit', true);
    q.queue.setInTransaction(false);
    q.finishCurrent();
    q.finishCurrent();
    expect(q.started).toEqual(['begin', 'insert', 'commit', 'outside']);
  });

  it('refuses a statement when too many wait or it waited too long, as "unavailable"', async () => {
    const q = recordingQueue({ maxWaiting: 1, maxWaitMs: 50 });
    q.add('running');
    q.add('waiting');
    q.add('one too many');
    expect(q.refused).toEqual(['one too many: The embedded database is busy: 1 statements are waiting.']);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(q.refused[1]).toBe('waiting: The embedded database is busy: a statement waited 50 ms for its turn.');
    expect(q.queue.waiting).toBe(0);
    q.finishCurrent();
    expect(q.started).toEqual(['running']);
    expect(isDatabaseUnavailable(new EmbeddedDatabaseBusyError('busy'))).toBe(true);
  });
});
