import opsErrors from './errors/ops.json' with { type: 'json' };
import { defineErrors } from './errors.js';

/**
 * Operations (docs/deploy.md, docs/server.md "Production mode"): readiness of a server process
 * and the metrics listener. Range 47000xx.
 */
export const OPS_ERRORS = defineErrors(opsErrors);

/** Probe paths: outside /backend so that a reverse proxy can keep them internal. */
export const OPS_PATHS = {
  /** GET: the process is alive (200 while it runs its event loop). */
  healthz: '/healthz',
  /** GET: database reachable, migrations applied, job queue running; 503 otherwise. */
  readyz: '/readyz',
  /** GET on the metrics listener (METRICS_PORT, bound to METRICS_HOST): Prometheus text. */
  metrics: '/metrics',
} as const;

/** What /readyz reports, one flag per condition. */
export interface ReadinessChecks {
  database: boolean;
  migrations: boolean;
  queue: boolean;
  shuttingDown: boolean;
}
