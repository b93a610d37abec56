/**
 * Batch PDF download (issue 21 item 3, docs/member.md "Records: exports"): time and memory of one
 * ZIP of BENCH_RECORDS reports (default 1000; target ≤ 60 s).
 *
 *   npm run bench:zip -w @tcm/server
 *
 * Seeds BENCH_RECORDS done team records into a throw-away database (embedded PGlite, or a fresh
 * database next to DATABASE_URL): each holds real engine outcomes (one pipeline run on the shared
 * tongue, face, pulse and voice captures, ~75 KB of JSON), vitals, and the real tongue and face
 * photos (stored once, referenced by every record), so every PDF is a full report with photos.
 * Then it starts the real app on 127.0.0.1 and downloads `POST /backend/member/records/export/zip`
 * as the team leader, reading the stream and throwing the bytes away. Prints the time, the ZIP's
 * size, the peak RSS of the process (server and client together) before and during the download,
 * and the peak in each quarter of the download: flat quarters mean the memory does not grow with
 * the number of reports. A one-report download first starts the engine children, as the server
 * does at start.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { RECORD_EXPORT_PATHS } from '@tcm/contract';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import * as schema from '../src/db/schema/index.js';
import { recordsTable, teams, users } from '../src/db/schema/index.js';
import type { FileStorage } from '../src/modules/files/storage.js';
import { saveFile } from '../src/modules/files/files.service.js';
import { DATA, poolOf, realResults, throwAwayDatabase } from './bench-support.js';

const N = Number(process.env.BENCH_RECORDS ?? 1000);
/**
 * BENCH_PULSE=1 also stores the pulse file, so every report draws its waveform, as a record with
 * a pulse capture does (the server then parses the whole file for each report: ~24 ms of CPU).
 */
const PULSE = process.env.BENCH_PULSE === '1';
const MB = 1024 * 1024;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

/**
 * CPU seconds (user + system) of this process and of its child processes (the engine children
 * that render the PDFs), from /proc: on a shared machine the wall time says more about the other
 * users than about the code; the CPU time is what the download costs.
 */
function cpuSeconds(): { self: number; children: number } {
  const tick = 100; // USER_HZ on Linux
  let children = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(f[1]) === process.pid) children += (Number(f[11]) + Number(f[12])) / tick;
    } catch {
      // The process ended while the list was read.
    }
  }
  const own = process.cpuUsage();
  return { self: (own.user + own.system) / 1e6, children };
}

/** A photo stored the way an upload ends up (bytes in storage, a row in stored_file). */
async function photo(database: Database, storage: FileStorage, rel: string, width: number, height: number) {
  const bytes = new Uint8Array(readFileSync(join(DATA, rel)));
  const row = await saveFile(database.db, storage, {
    bytes,
    name: rel.split('/').pop()!,
    trusted: { kind: 'image', mime: 'image/jpeg', width, height },
  });
  return row.id;
}

/** The pulse capture (15,000 samples at 125 Hz), whose first 8 s the report draws. */
async function pulseFile(database: Database, storage: FileStorage) {
  const rel = 'pulse/goda-ppg-125hz.csv';
  const row = await saveFile(database.db, storage, {
    bytes: new Uint8Array(readFileSync(join(DATA, rel))),
    name: 'goda-ppg-125hz.csv',
    trusted: { kind: 'pulse', mime: 'text/csv', width: null, height: null },
  });
  return row.id;
}

async function seed(database: Database, storage: FileStorage): Promise<string> {
  const db = database.db;
  const { results, conclusion } = await realResults();
  const [team] = await db.insert(teams).values({ name: 'bench clinic' }).returning();
  const [leader] = await db
    .insert(users)
    .values({ entrance: 'member', loginName: 'bench_leader', name: 'Leader', teamId: team!.id, teamLeader: true })
    .returning();
  const files = {
    tongue: await photo(database, storage, 'tongue/images/TE0000458.jpg', 0, 0),
    face: await photo(database, storage, 'face/02-woman.jpg', 0, 0),
    ...(PULSE ? { pulse: await pulseFile(database, storage) } : {}),
  };
  const t0 = Date.now() - N * 60_000;
  for (let start = 0; start < N; start += 100) {
    const rows = [];
    for (let i = start; i < Math.min(N, start + 100); i++)
      rows.push({
        source: 'team' as const,
        status: 'done' as const,
        personName: `患者 ${i}`,
        personSex: i % 3 ? ('female' as const) : ('male' as const),
        personAge: 20 + (i % 60),
        ownerUserId: leader!.id,
        teamId: team!.id,
        files,
        vitals: { heightCm: 163, weightKg: 60 + (i % 20), systolic: 120 + (i % 30), diastolic: 80 },
        results,
        conclusion,
        shareToken: `benchzip${String(i).padStart(35, '0')}`,
        createdAt: new Date(t0 + i * 60_000),
        finishedAt: new Date(t0 + i * 60_000 + 5000),
      });
    await db.insert(recordsTable).values(rows);
  }
  return leader!.id;
}

async function main(): Promise<void> {
  const where = await throwAwayDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'tcm-bench-zip-'));
  const pool = poolOf(where);
  const database: Database = { db: drizzle(pool, { schema }), pool, embedded: !where.url, close: () => pool.end() };
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LOG_LEVEL: 'silent',
  });
  try {
    await runMigrations(database.db);
    const app = await buildApp(config, { database });
    const leaderId = await seed(database, app.ctx.storage);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { access_token: token } = await app.ctx.tokens.issue(leaderId, 'member');
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}${RECORD_EXPORT_PATHS.zip}`;
    // Warm-up: one report, so the engine children are started (the server warms them at start).
    const warm = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ scope: 'teamRecord', search: '患者 0' }),
    });
    await warm.arrayBuffer();
    console.log(`engine children: ${app.ctx.engines.size} (ENGINE_POOL_SIZE)`);
    global.gc?.();
    const before = process.memoryUsage().rss;
    console.log(`seeded ${N} done records with photos; RSS before the download ${(before / MB).toFixed(0)} MB`);

    const samples: { at: number; rss: number }[] = [];
    // memoryUsage.rss() alone: the full memoryUsage() walks the heap spaces, which cost the
    // measured process about 5 ms of CPU per report at 20 samples a second.
    const timer = setInterval(() => samples.push({ at: performance.now(), rss: process.memoryUsage.rss() }), 50);
    console.log(`load average before: ${load()}`);
    const cpu0 = cpuSeconds();
    const t0 = performance.now();
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ scope: 'teamRecord', lang: 'zh' }),
    });
    if (res.status !== 200) throw new Error(`ZIP answered ${res.status}: ${await res.text()}`);
    let bytes = 0;
    let firstByte = 0;
    // Reports that failed to render are `…-error.txt` entries: counted by their names in the
    // stream (a name split across two chunks would be missed; names are 40-odd bytes).
    let errorEntries = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      if (!bytes) firstByte = performance.now() - t0;
      bytes += chunk.byteLength;
      errorEntries +=
        Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1').split('-error.txt').length - 1;
    }
    const t1 = performance.now();
    const cpu1 = cpuSeconds();
    clearInterval(timer);
    const s = (t1 - t0) / 1000;
    const peak = Math.max(...samples.map((x) => x.rss));
    const quarter = (q: number) =>
      Math.max(
        ...samples
          .filter((x) => x.at >= t0 + ((t1 - t0) * q) / 4 && x.at < t0 + ((t1 - t0) * (q + 1)) / 4)
          .map((x) => x.rss),
      );
    console.log(
      `reports: ${res.headers.get('x-report-count')}${PULSE ? ' (with the pulse waveform)' : ''}, ` +
        `ZIP ${(bytes / MB).toFixed(1)} MB, error entries (names seen twice: local and central): ${errorEntries}`,
    );
    console.log(
      `time: ${s.toFixed(1)} s (${(N / s).toFixed(1)} reports/s, first byte after ${firstByte.toFixed(0)} ms)`,
    );
    console.log(
      `peak RSS during the download: ${(peak / MB).toFixed(0)} MB (+${((peak - before) / MB).toFixed(0)} MB); ` +
        `per quarter: ${[0, 1, 2, 3].map((q) => (quarter(q) / MB).toFixed(0)).join(' / ')} MB`,
    );
    const server = cpu1.self - cpu0.self;
    const engines = cpu1.children - cpu0.children;
    const perReport = (server + engines) / N;
    console.log(
      `CPU: ${(server + engines).toFixed(1)} s (server and client ${server.toFixed(1)} s, engine children ${engines.toFixed(1)} s), ` +
        `${(perReport * 1000).toFixed(0)} ms per report: ${(1 / perReport).toFixed(1)} reports/s per idle core`,
    );
    console.log(`load average after: ${load()}`);
    console.log(`target ≤ 60 s for ${N} reports: wall ${s <= 60 ? 'met' : 'NOT met'} (${s.toFixed(1)} s)`);
    await app.close();
  } finally {
    await database.close();
    await where.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
