/**
 * Benchmark: the embedded database (PGlite in a data directory, as the app runs by default) under load. The demo data
 * plus a year of appointments for the demo therapist; 50 connections read her calendar week without pause, while one
 * probe at a time asks GET /api/health and another reads the public booking widget's week.
 * The app runs in a child process, as in production: load and probes must not share its event loop, or they would
 * measure their own waiting.
 * Goals: health p99 ≤ 500 ms and widget p99 ≤ 1,000 ms while loaded; no 5xx other than 503 (busy, with Retry-After).
 * Run: npm run bench:embedded-load   (BENCH_SECONDS to change 10 s, BENCH_CONNECTIONS 50, BENCH_APPOINTMENTS 3,000)
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { serveLoadTarget, type Targets } from './embedded-load-app.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const GOALS = { health: 500, widget: 1_000 };

type Probe = { times: number[]; statuses: Map<number, number>; retryAfterMissing: number };

/** One request at a time until `until`, 50 ms apart: what a load balancer's check or a visitor would see. */
async function probe(target: string, until: number): Promise<Probe> {
  const result: Probe = { times: [], statuses: new Map(), retryAfterMissing: 0 };
  while (Date.now() < until) {
    const started = performance.now();
    const answer = await fetch(target);
    await answer.arrayBuffer();
    result.times.push(performance.now() - started);
    result.statuses.set(answer.status, (result.statuses.get(answer.status) ?? 0) + 1);
    if (answer.status === 503 && !answer.headers.get('retry-after')) result.retryAfterMissing += 1;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return result;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * Prints the probe's figures and verdict; answers whether its answers were broken (a 5xx other than 503, or a 503
 * without Retry-After): a fault, unlike a missed latency goal, which on a shared machine may be the machine's.
 */
function report(name: string, probe: Probe, goal: number): boolean {
  const sorted = [...probe.times].sort((a, b) => a - b);
  const p99 = percentile(sorted, 0.99);
  const statuses = [...probe.statuses].map(([status, count]) => `${count}× ${status}`).join(', ');
  const broken =
    [...probe.statuses.keys()].some((status) => status >= 500 && status !== 503) || probe.retryAfterMissing > 0;
  const passed = p99 <= goal && !broken;
  console.log(
    `  ${name}: p50 ${percentile(sorted, 0.5).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms;` +
      ` ${statuses} (goal p99 ≤ ${goal} ms, no 5xx but 503 with Retry-After: ${passed ? 'PASS' : 'FAIL'})`,
  );
  return broken;
}

/** Runs the load and the probes; answers whether any answer was broken. */
async function measure(targets: Targets): Promise<boolean> {
  console.log(`PGlite, ${CONNECTIONS} connections reading a calendar week for ${SECONDS} s (app in a child process):`);
  const until = Date.now() + SECONDS * 1000;
  const [load, health, widget] = await Promise.all([
    autocannon({
      url: targets.calendar,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { cookie: targets.cookie },
      timeout: 30,
    }),
    probe(targets.health, until),
    probe(targets.widget, until),
  ]);
  const { latency } = load;
  console.log(
    `  calendar: ${load.requests.average.toFixed(0)} req/s, p50 ${latency.p50} ms, p99 ${latency.p99} ms, max ${latency.max} ms;` +
      ` ${load['2xx']}× 2xx, ${load.non2xx}× other, ${load.errors} errors, ${load.timeouts} timeouts`,
  );
  return [report('health', health, GOALS.health), report('widget', widget, GOALS.widget)].some(Boolean);
}

if (process.argv[2] === 'serve') {
  await serveLoadTarget();
} else {
  // fork passes on this process's --import tsx.
  const app = fork(fileURLToPath(import.meta.url), ['serve']);
  const [targets] = (await once(app, 'message')) as [Targets];
  const isBroken = await measure(targets);
  app.send('stop');
  await once(app, 'exit');
  if (isBroken) process.exitCode = 1;
}
