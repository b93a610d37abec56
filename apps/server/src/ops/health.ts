import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { OPS_ERRORS, OPS_PATHS, type ReadinessChecks } from '@tcm/contract';
import { shippedMigrations } from '../db/migrate.js';
import { fail, ok } from '../http/envelope.js';

/** A database that has not answered `select 1` in this long counts as unreachable. */
const DB_TIMEOUT_MS = 2000;

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

async function readiness(app: FastifyInstance): Promise<ReadinessChecks> {
  const { db, analysis, lifecycle } = app.ctx;
  const checks: ReadinessChecks = {
    database: false,
    migrations: false,
    queue: analysis.started,
    shuttingDown: lifecycle.shuttingDown,
  };
  try {
    const { rows } = await within(
      db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      DB_TIMEOUT_MS,
    );
    checks.database = true;
    checks.migrations = rows[0]!.n >= shippedMigrations();
  } catch (e) {
    // Reachable but without drizzle's schema or journal table: nothing migrated yet.
    // drizzle wraps the driver's error (DrizzleQueryError) with the SQLSTATE on its cause.
    const err = e as { code?: string; cause?: { code?: string } };
    checks.database = ['3F000', '42P01'].includes(err.cause?.code ?? err.code ?? '');
  }
  return checks;
}

/**
 * `/healthz` (the process runs) and `/readyz` (it can serve: database reachable, every shipped
 * migration applied, job queue started, not shutting down). Open like a load balancer needs
 * them, outside /backend and the OpenAPI document; they show flags only, no data.
 */
export async function registerHealth(app: FastifyInstance): Promise<void> {
  app.get(OPS_PATHS.healthz, { schema: { hide: true } }, async (request) =>
    ok({ status: 'alive', pid: process.pid, uptimeS: Math.round(process.uptime()) }, request.msgLang),
  );
  app.get(OPS_PATHS.readyz, { schema: { hide: true } }, async (request, reply) => {
    const checks = await readiness(app);
    const ready = checks.database && checks.migrations && checks.queue && !checks.shuttingDown;
    if (ready) return ok(checks, request.msgLang);
    const def = checks.shuttingDown ? OPS_ERRORS.SHUTTING_DOWN : OPS_ERRORS.NOT_READY;
    return reply.code(def.status).send(fail(def, request.msgLang, undefined, checks));
  });
}
