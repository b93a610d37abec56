/** Shared by the benchmark scripts: a throw-away database and real engine outcomes to seed. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { RecordResults } from '@tcm/contract';
import { questionsFor } from '@tcm/analysis/constitution';
import { runPipeline } from '@tcm/analysis/pipeline';
import { startEmbeddedPostgres } from '../src/db/client.js';

export const DATA = process.env.BENCH_DATA ?? fileURLToPath(new URL('../../../../shared/data/', import.meta.url));

/** A throw-away database: PGlite in memory, or a new database on the DATABASE_URL server. */
export async function throwAwayDatabase(): Promise<{ url?: string; socket?: string; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    // Two connections: the app's pool and the bare handler's.
    const embedded = await startEmbeddedPostgres(undefined, 2);
    return { socket: embedded.host, drop: () => embedded.stop() };
  }
  const name = `tcm_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export function poolOf(where: { url?: string; socket?: string }): pg.Pool {
  return where.url
    ? new pg.Pool({ connectionString: where.url, max: 10 })
    : new pg.Pool({ host: where.socket, port: 5432, user: 'postgres', database: 'postgres', max: 1 });
}

/** Real engine outcomes of one four-diagnosis capture: what a done record keeps in `results`. */
export async function realResults(): Promise<{ results: RecordResults; conclusion: string | null }> {
  const file = (rel: string) => ({ bytes: new Uint8Array(readFileSync(join(DATA, rel))), name: rel.split('/').pop()! });
  const results: Record<string, unknown> = {};
  await runPipeline(
    {
      files: {
        tongue: file('tongue/images/TE0000458.jpg'),
        face: file('face/02-woman.jpg'),
        pulse: file('pulse/goda-ppg-125hz.csv'),
        voice: file('voice/sustained-a-118hz.wav'),
      },
      sex: 'female',
      inquiry: { answers: Object.fromEntries(questionsFor('female').map((q) => [q.id, 3])) },
      vitals: { heightCm: 163, weightKg: 67.5, systolic: 132, diastolic: 84 },
      history: [],
      date: new Date().toISOString(),
      lang: 'zh',
    },
    {
      onStep: async () => undefined,
      onOutcome: async (engine, outcome) => {
        results[engine] = outcome;
      },
    },
  );
  const synthesis = results.synthesis as { result?: { patterns?: { name: { zh: string } }[] } } | undefined;
  return { results, conclusion: synthesis?.result?.patterns?.[0]?.name.zh ?? null };
}
