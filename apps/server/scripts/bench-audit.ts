/**
 * Cost of the audit log on the request path (issue 25 item 4): `npm run bench:audit -w @tcm/server`.
 * One fresh embedded database, BENCH_RECORDS (200) records of one member, then BENCH_CALLS (400)
 * sequential calls each of the record list (a page of 100) and of one record's detail, through
 * `app.inject`, with the audit hook on and off (its route table emptied), alternating rounds so
 * that load from other work hits both alike. Prints p50/p99/mean per call for each and the rows
 * and batch inserts the hook wrote.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { RECORD_PATHS } from '@tcm/contract';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { auditLog } from '../src/db/schema/index.js';
import { basicHeader } from '../src/modules/auth/client-auth.js';
import { AUDITED_ROUTES, type AuditedRoute } from '../src/modules/audit/audited-routes.js';
import { insertRecord } from '../src/modules/records/records.repo.js';
import { newShareToken } from '../src/modules/records/records.service.js';
import { userWithToken } from '../src/test/records-helpers.js';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 200);
const CALLS = Number(process.env.BENCH_CALLS ?? 400);
const ROUNDS = 4;

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

const root = mkdtempSync(join(tmpdir(), 'tcm-bench-audit-'));
const database = await openDatabase({ dataDir: join(root, 'db') });
await runMigrations(database.db);
const config = loadConfig({
  DATA_DIR: join(root, 'data'),
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  LOGIN_CAPTCHA_ENTRANCES: 'none',
});
const app = await buildApp(config, { database });
await app.ready();
try {
  const t = { app, database, config, client: basicHeader(config.clientId, config.clientSecret), close: async () => {} };
  const member = await userWithToken(t, { entrance: 'member' });
  let lastId = '';
  for (let i = 0; i < RECORDS; i++) {
    const r = await insertRecord(database.db, {
      source: 'member',
      status: 'done',
      ownerUserId: member.user.id,
      personName: `person ${i}`,
      conclusion: '肝郁脾虚',
      shareToken: newShareToken(),
    });
    lastId = r.id;
  }
  const auth = { authorization: `Bearer ${member.token}` };
  const calls = {
    list: () =>
      app.inject({
        method: 'POST',
        url: RECORD_PATHS.list,
        headers: auth,
        payload: { scope: 'memberRecord', size: 100 },
      }),
    detail: () => app.inject({ method: 'GET', url: RECORD_PATHS.detail(lastId), headers: auth }),
  };
  const table = AUDITED_ROUTES as Record<string, AuditedRoute>;
  const saved = { ...table };
  const times: Record<string, number[]> = {};
  let inserts = 0;
  const insert = database.db.insert.bind(database.db);
  database.db.insert = ((tbl: typeof auditLog) => {
    if (tbl === auditLog) inserts++;
    return insert(tbl);
  }) as typeof database.db.insert;
  // Warm up both routes (JIT, caches) before measuring.
  for (let i = 0; i < 50; i++) await Promise.all([calls.list(), calls.detail()]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of round % 2 ? ['on', 'off'] : ['off', 'on']) {
      if (mode === 'off') for (const k of Object.keys(table)) delete table[k];
      else Object.assign(table, saved);
      for (const [name, call] of Object.entries(calls)) {
        const key = `${name} audit ${mode}`;
        times[key] ??= [];
        for (let i = 0; i < CALLS / ROUNDS; i++) {
          const t0 = performance.now();
          const res = await call();
          times[key].push(performance.now() - t0);
          if (res.statusCode !== 200) throw new Error(`${key}: ${res.statusCode}`);
        }
      }
      await app.ctx.audit.flush();
    }
  }
  const [rows] = await database.db.select({ n: count() }).from(auditLog);
  console.log(`records ${RECORDS}, calls per route and mode ${CALLS}, embedded PGlite, app.inject`);
  for (const [key, xs] of Object.entries(times)) {
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    console.log(
      `${key.padEnd(20)} p50 ${quantile(xs, 0.5).toFixed(2)} ms  p99 ${quantile(xs, 0.99).toFixed(2)} ms  mean ${mean.toFixed(2)} ms`,
    );
  }
  console.log(`audit rows ${rows?.n ?? 0} written in ${inserts} batch inserts`);
} finally {
  await app.close();
  await database.close();
  rmSync(root, { recursive: true, force: true });
}
