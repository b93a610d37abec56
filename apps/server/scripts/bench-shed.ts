/**
 * What one refusal of the admission costs (issue 25 item 7: shedding must not itself saturate the
 * CPU): `npm run -s bench:shed -w @tcm/server`.
 *
 * A child process serves, this process sends: `BENCH_REQUESTS` (20,000) GETs, `BENCH_CONCURRENCY`
 * (32) at a time over keep-alive connections, first to a server whose one admission place is
 * taken by a request that never ends (every answer a 503 4009101), then to the same listener
 * whose place is free and whose handler is a bare Fastify route answering a tiny JSON (the
 * cheapest answer Fastify gives: the reference). Prints the server's CPU time per answer (user +
 * system from /proc, so other processes' load does not count) and the answers' statuses.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import Fastify from 'fastify';
import { Admission } from '../src/http/admission.js';
import { createHttpServer } from '../src/http/http-server.js';
import { processTree } from './bench-proc.js';

const N = Number(process.env.BENCH_REQUESTS ?? 20_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const HTTP = { maxConnections: 2048, keepAliveTimeoutS: 65, headersTimeoutS: 15, requestTimeoutS: 120 };

/** The child: one listener, admission with one place, a Fastify route behind it. */
async function serve(): Promise<void> {
  const admission = new Admission({ inFlight: 1, waiting: 0, waitMs: 1000 });
  const app = Fastify({ serverFactory: (handler) => createHttpServer(handler, admission, HTTP) });
  // Holds its place until the client goes: the admission is full while it lasts.
  app.get('/hold', (_request, reply) => {
    reply.raw.once('close', () => undefined);
  });
  app.get('/x', async () => ({ code: 0, msg: 'ok', data: null }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send!((app.server.address() as { port: number }).port);
}

async function drive(base: string, path: string, n = N): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < n) {
        const res = await fetch(base + path);
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    }),
  );
  return statuses;
}

async function main(): Promise<void> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv: process.execArgv });
  const port = await new Promise<number>((r) => child.once('message', (m) => r(m as number)));
  const base = `http://127.0.0.1:${port}`;
  const pid = child.pid!;
  console.log(`bench:shed  ${N} requests, ${CONCURRENCY} at a time  load ${loadavg()[0]!.toFixed(1)}`);
  try {
    const holder = new AbortController();
    const held = fetch(`${base}/hold`, { signal: holder.signal }).catch(() => undefined);
    // Until the hold has its place (the child may be slow to take it on a loaded machine).
    for (let i = 0; i < 200 && (await fetch(`${base}/x`).then((r) => r.status)) !== 503; i++)
      await new Promise((r) => setTimeout(r, 50));
    // Warm both paths up before timing them.
    await drive(base, '/x', 2000);
    for (const [what, run] of [
      ['refused (503 4009101)', () => drive(base, '/x')],
      [
        'served by Fastify (no admission wait)',
        async () => {
          holder.abort();
          await held;
          await drive(base, '/x', 2000);
          return drive(base, '/x');
        },
      ],
    ] as const) {
      const cpu0 = processTree(pid).cpuS;
      const t0 = performance.now();
      const statuses = await run();
      const cpuUs = ((processTree(pid).cpuS - cpu0) * 1e6) / N;
      const wall = (performance.now() - t0) / 1000;
      console.log(
        `${what.padEnd(38)} server CPU ${cpuUs.toFixed(0)} µs/answer  ${(N / wall).toFixed(0)} answers/s  ${JSON.stringify(statuses)}`,
      );
    }
  } finally {
    child.kill('SIGKILL');
  }
}

if (process.argv.includes('--serve')) await serve();
else await main();
