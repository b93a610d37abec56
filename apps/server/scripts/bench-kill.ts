/**
 * SIGKILL during a burst, then restart (issue 25 item 7): `npm run -s bench:kill -w @tcm/server`.
 * Starts the real server (the bundle, bench-server.ts) on 127.0.0.1 with a throw-away data folder
 * (embedded PGlite; set DATABASE_URL for PostgreSQL), signs in as the seeded member and, for
 * BENCH_CYCLES (4) cycles: BENCH_CONCURRENCY (6) loops upload a pulse file (every 4th record also
 * a tongue photo) and create a record with vitals and a name; after BENCH_BURST_MS (5000) and at
 * least BENCH_KILL_AFTER (20) records acknowledged the server gets `kill -9` while requests are in
 * flight; it is started again on the same data and
 * every record that got a 2xx is read back. Prints per cycle: records acknowledged, present,
 * intact (name, vitals and each file's bytes as sent), finished within 30 s of the restart
 * (the spawn of the new process: its start time counts), stuck (still queued/running after
 * BENCH_WAIT_S, 90), the slowest finish, each finish time and the phases of the restart.
 * Queued-work limits are off (QUEUED_RECORDS_PER_USER/ADDRESS=0): one member sends the burst.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { FILE_PATHS, RECORD_PATHS } from '@tcm/contract';
import { freePort, Server, signIn, upload } from './bench-server.js';
import { DATA } from './bench-support.js';

const CYCLES = Number(process.env.BENCH_CYCLES ?? 4);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 6);
const BURST_MS = Number(process.env.BENCH_BURST_MS ?? 5000);
const KILL_AFTER = Number(process.env.BENCH_KILL_AFTER ?? 20);
const WAIT_S = Number(process.env.BENCH_WAIT_S ?? 90);

const pulse = new Uint8Array(readFileSync(join(DATA, 'pulse/goda-ppg-125hz.csv')));
const tongue = new Uint8Array(readFileSync(join(DATA, 'tongue/images/TE0000458.jpg')));
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Sent {
  id: string;
  name: string;
  weightKg: number;
  files: Record<string, string>; // slot → sha256 of the bytes sent
}

let reported = 0;

/** Create loops until `stop`; collects what got a 2xx. Errors (the kill) end a loop quietly. */
async function burst(base: string, auth: string, stop: { now: boolean }, acked: Sent[], seq: { n: number }) {
  while (!stop.now) {
    const n = seq.n++;
    try {
      const files: Record<string, string> = {
        pulse: await upload(base, auth, pulse, 'goda-ppg-125hz.csv', 'text/csv'),
      };
      const hashes: Record<string, string> = { pulse: sha(pulse) };
      if (n % 4 === 0) {
        files.tongue = await upload(base, auth, tongue, 't.jpg', 'image/jpeg');
        hashes.tongue = sha(tongue);
      }
      const name = `kill-${n}`;
      const weightKg = 50 + (n % 40);
      const res = await fetch(base + RECORD_PATHS.create, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          files,
          person: { name },
          vitals: { heightCm: 170, weightKg, systolic: 120, diastolic: 80 },
        }),
      });
      if (res.ok)
        acked.push({
          id: ((await res.json()) as { data: { recordId: string } }).data.recordId,
          name,
          weightKg,
          files: hashes,
        });
    } catch (e) {
      if (stop.now) return;
      // A refusal (not the kill) is a mistake of this script: say it once.
      if (!(e instanceof TypeError) && !reported++) console.error(String(e));
      await sleep(50);
    }
  }
}

interface Detail {
  status: string;
  person: { name?: string };
  vitals: { weightKg?: number } | null;
  files: Record<string, { uuid: string }>;
}

async function detail(base: string, auth: string, id: string): Promise<Detail | null> {
  const res = await fetch(base + RECORD_PATHS.detail(id), { headers: { authorization: auth } });
  return res.ok ? ((await res.json()) as { data: Detail }).data : null;
}

async function intact(base: string, auth: string, s: Sent, d: Detail): Promise<boolean> {
  if (d.person.name !== s.name || d.vitals?.weightKg !== s.weightKg) return false;
  for (const [slot, hash] of Object.entries(s.files)) {
    const f = d.files[slot];
    if (!f) return false;
    const res = await fetch(base + FILE_PATHS.view(f.uuid), { headers: { authorization: auth } });
    if (!res.ok || sha(new Uint8Array(await res.arrayBuffer())) !== hash) return false;
  }
  return true;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tcm-bench-kill-'));
  const server = new Server(await freePort(), dataDir);
  console.log(`bench:kill  cycles=${CYCLES} concurrency=${CONCURRENCY} burst=${BURST_MS} ms  data=${dataDir}`);
  console.log(
    `first start ${(await server.start()).toFixed(0)} ms (${server.startPhases}); load ${loadavg()[0]!.toFixed(1)}`,
  );
  const totals = { acked: 0, present: 0, intact: 0, in30: 0, stuck: 0 };
  const seq = { n: 0 };
  try {
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      let auth = await signIn(server.base);
      const acked: Sent[] = [];
      const stop = { now: false };
      const loops = Array.from({ length: CONCURRENCY }, () => burst(server.base, auth, stop, acked, seq));
      // At least BURST_MS, and at least KILL_AFTER records acknowledged (a loaded machine is slow).
      const t0 = performance.now();
      while (performance.now() - t0 < BURST_MS || acked.length < KILL_AFTER) await sleep(50);
      await server.kill();
      stop.now = true;
      await Promise.all(loops);
      // The restart is the spawn: finish times count from it, so a slow start counts against them.
      const restartAt = performance.now();
      const restartMs = await server.start();
      const ready = performance.now();
      auth = await signIn(server.base);

      let present = 0;
      let whole = 0;
      const finishMs = new Map<string, number>();
      for (const s of acked) {
        const d = await detail(server.base, auth, s.id);
        if (!d) continue;
        present++;
        if (await intact(server.base, auth, s, d)) whole++;
      }
      // Every acknowledged record must reach done or failed; time from the restart to the read that saw it.
      const deadline = ready + WAIT_S * 1000;
      while (finishMs.size < present && performance.now() < deadline) {
        for (const s of acked) {
          if (finishMs.has(s.id)) continue;
          const d = await detail(server.base, auth, s.id);
          if (d && (d.status === 'done' || d.status === 'failed')) finishMs.set(s.id, performance.now() - restartAt);
        }
        if (finishMs.size < present) await sleep(500);
      }
      // What the unfinished ones are doing: `queued` behind a slow queue, or `running` (a worker
      // on it, or an orphan the sweep missed).
      const left: Record<string, number> = {};
      for (const s of acked.filter((x) => !finishMs.has(x.id))) {
        const st = (await detail(server.base, auth, s.id))?.status ?? 'missing';
        left[st] = (left[st] ?? 0) + 1;
      }
      const times = [...finishMs.values()];
      const in30 = times.filter((ms) => ms <= 30_000).length;
      const stuck = present - finishMs.size;
      console.log(
        `cycle ${cycle}: acknowledged ${acked.length}, present ${present}, intact ${whole}, ` +
          `finished ≤30 s after the restart ${in30}, unfinished after ${WAIT_S} s ${stuck} ${JSON.stringify(left)}, slowest ${(Math.max(0, ...times) / 1000).toFixed(1)} s, ` +
          `restart (spawn → /readyz 200) ${(restartMs / 1000).toFixed(1)} s; load ${loadavg()[0]!.toFixed(1)}`,
      );
      console.log(`  start phases: ${server.startPhases}`);
      const sorted = times.sort((a, b) => a - b).map((ms) => (ms / 1000).toFixed(1));
      console.log(`  finished, s after the restart: ${sorted.join(' ')}`);
      totals.acked += acked.length;
      totals.present += present;
      totals.intact += whole;
      totals.in30 += in30;
      totals.stuck += stuck;
    }
  } finally {
    await server.kill().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `total: acknowledged ${totals.acked}, survivors ${totals.present} (intact ${totals.intact}), ` +
      `finished ≤30 s ${totals.in30}, stuck ${totals.stuck}`,
  );
  if (totals.present !== totals.acked || totals.intact !== totals.acked || totals.stuck > 0) process.exitCode = 1;
}

await main();
