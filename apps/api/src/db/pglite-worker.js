/**
 * The embedded database's thread (started by pglite-thread.ts). PGlite's WASM runs synchronously: on the main thread
 * every statement stopped all HTTP work, health checks included. Here it blocks only this thread.
 * Plain JavaScript so that it loads the same under tsx, vitest and plain node, without a loader in the worker.
 * Messages: { id, op, ...payload } in, { id, ok, result | error } out; one statement at a time is sent by the main
 * thread, which owns the queue and its order.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';

const port = parentPort;
if (!port) throw new Error('pglite-worker.js runs only as a worker thread');

/** Marks the rollback the main thread asked for, to tell it from a failing COMMIT. */
const ROLLBACK = Symbol('rollback');
const identity = (value) => value;

/** Only plain fields cross threads: PGlite's errors also carry the query options, whose parsers are functions. */
function describeError(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (key !== 'params' && ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return fields;
}

const { dataDir, initialData } = workerData;
// The extensions the hand-written migrations create (0002_extensions.sql); PGlite needs them at construction.
const db = new PGlite({
  dataDir,
  loadDataDir: initialData ? new Blob([initialData]) : undefined,
  extensions: { btree_gist, cube, earthdistance },
});

/** Open transactions by id: PGlite's transaction object, and how to end its callback. */
const transactions = new Map();
let lastTransactionId = 0;

function executor(transactionId) {
  if (transactionId === undefined) return db;
  const open = transactions.get(transactionId);
  if (!open) throw new Error(`transaction ${transactionId} is not open`);
  return open.tx;
}

/**
 * Opens a transaction whose callback lasts until the main thread sends commit or rollback; its prelude (role and row
 * scope, transaction-local) runs first.
 */
function begin({ prelude }) {
  return new Promise((began, failed) => {
    const id = ++lastTransactionId;
    const done = db.transaction(async (tx) => {
      if (prelude) await tx.query(prelude.sql, prelude.params);
      return new Promise((commit, rollback) => {
        transactions.set(id, { tx, commit, rollback, done });
        began(id);
      });
    });
    // Settled before `began` only when BEGIN itself failed; later outcomes are awaited by end().
    done.catch(failed).finally(() => transactions.delete(id));
  });
}

async function end(transactionId, commit) {
  const open = transactions.get(transactionId);
  if (!open) throw new Error(`transaction ${transactionId} is not open`);
  if (commit) {
    open.commit();
    await open.done;
    return;
  }
  open.rollback(ROLLBACK);
  await open.done.catch((error) => {
    if (error !== ROLLBACK) throw error;
  });
}

/** One statement; with a prelude, both in a transaction of their own (its settings end with it). */
function query({ sql, params, rowMode, rawTypes, transactionId, prelude }) {
  // The caller's parsers run on the main thread; here those types stay text.
  const options = { rowMode, parsers: Object.fromEntries(rawTypes.map((type) => [type, identity])) };
  if (!prelude) return executor(transactionId).query(sql, params, options);
  return db.transaction(async (tx) => {
    await tx.query(prelude.sql, prelude.params);
    return tx.query(sql, params, options);
  });
}

const operations = {
  query,
  exec: ({ sql, transactionId }) => executor(transactionId).exec(sql),
  begin,
  commit: ({ transactionId }) => end(transactionId, true),
  rollback: ({ transactionId }) => end(transactionId, false),
  dump: async () => (await db.dumpDataDir('none')).arrayBuffer(),
  close: () => db.close(),
};

port.on('message', async ({ id, op, ...payload }) => {
  try {
    const result = await operations[op](payload);
    port.postMessage({ id, ok: true, result }, result instanceof ArrayBuffer ? [result] : []);
  } catch (error) {
    port.postMessage({ id, ok: false, error: describeError(error) });
  }
});

try {
  await db.waitReady;
  port.postMessage({ id: 0, ok: true });
} catch (error) {
  port.postMessage({ id: 0, ok: false, error: describeError(error) });
}
