/**
 * How long a restart takes, and where the time goes (issue 25 item 7):
 * `npm run -s bench:restart -w @tcm/server`.
 *
 * Starts the bundled server (bench-server.ts) on a throw-away data folder (embedded PGlite unless
 * DATABASE_URL is set), then BENCH_RESTARTS (3) times kills it with SIGKILL and starts it again on
 * the same data. Prints for each start the time from spawn to `/readyz` answering 200 and the
 * phases of main.ts with their wall and CPU seconds (the banner's `start :` line), and the load
 * average: on a shared machine the wall time is mostly waiting for a CPU, the CPU time is not.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, Server } from './bench-server.js';

const RESTARTS = Number(process.env.BENCH_RESTARTS ?? 3);

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tcm-bench-restart-'));
  const server = new Server(await freePort(), dataDir);
  try {
    for (let i = 0; i <= RESTARTS; i++) {
      const load = loadavg()[0]!.toFixed(1);
      const ms = await server.start();
      console.log(
        `${i === 0 ? 'first start' : `restart ${i}`.padEnd(11)}  spawn → /readyz 200 ${(ms / 1000).toFixed(1)} s  ` +
          `load ${load}\n  ${server.startPhases}`,
      );
      await server.kill();
    }
  } finally {
    await server.kill().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
