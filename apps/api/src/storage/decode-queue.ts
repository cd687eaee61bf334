type Waiting = { owner: string; turn: number; start: () => void };

/**
 * Runs tasks a few at a time and takes turns between their owners: an owner with ten tasks waiting gets one run, then
 * every other waiting owner gets one, then it gets its next. One user's batch of images delays another user's
 * upload by at most the decodes already running, never by the whole batch.
 */
export function createFairQueue(concurrency: number) {
  // Each task waits for a turn: an owner's next task comes a turn after its previous one, a newcomer's at the turn
  // being served now, so it goes ahead of every owner who already had that turn. Equal turns keep arrival order.
  // Only owners with a task waiting or running are remembered.
  const waiting: Waiting[] = [];
  const owners = new Map<string, { lastTurn: number; unfinished: number }>();
  let currentTurn = 0;
  let active = 0;

  function startNext(): void {
    while (active < concurrency && waiting.length > 0) {
      const next = waiting.reduce((best, task) => (task.turn < best.turn ? task : best));
      waiting.splice(waiting.indexOf(next), 1);
      currentTurn = next.turn;
      active++;
      next.start();
    }
  }

  function finished(owner: string): void {
    const state = owners.get(owner);
    if (state && --state.unfinished === 0) owners.delete(owner);
    active--;
    startNext();
  }

  function run<T>(owner: string, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const state = owners.get(owner);
      const turn = state ? Math.max(currentTurn, state.lastTurn + 1) : currentTurn;
      owners.set(owner, { lastTurn: turn, unfinished: (state?.unfinished ?? 0) + 1 });
      const start = () =>
        void task()
          .then(resolve, reject)
          .finally(() => finished(owner));
      waiting.push({ owner, turn, start });
      startNext();
    });
  }

  return {
    run,
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
    /** Owners with a task waiting or running (nothing is kept for the others). */
    get owners() {
      return owners.size;
    },
  };
}
