import type { AppConfig } from './config.js';
import type { Database, Db } from './db/client.js';
import type { EnginePool } from './jobs/engine-pool.js';
import type { Queue } from './jobs/queue.js';
import type { Admission } from './http/admission.js';
import type {
  AuditRows,
  FileStorage,
  LoginAttempts,
  RecordAnalysis,
  RequestLimit,
  SecretSealer,
  Tokens,
  UrlSigner,
} from './services.js';

/**
 * What every feature module gets from the app: config, database and the shared services, each as
 * the small interface its users need (services.ts, jobs/). The modules implement them and app.ts
 * puts them together; this file imports no feature module (boundaries.test.ts).
 */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  tokens: Tokens;
  loginGuard: LoginAttempts;
  /** File bytes: local folder or S3 (docs/records.md). */
  storage: FileStorage;
  /** The record analysis queue (pg-boss); its worker runs in this process when configured. */
  analysis: RecordAnalysis;
  /** The doctor research area's analysis jobs (pg-boss; each computed in a worker thread). */
  research: Queue<{ jobId: string }>;
  /** Child processes that run the engines and heavy upload checks off the request thread. */
  engines: EnginePool;
  /** Per-IP limit of uploads that need no sign-in. */
  publicUploads: RequestLimit;
  /** The partner API: app-key secrets at rest and the webhook deliveries (docs/open-api.md). */
  openApi: { box: SecretSealer; webhooks: Queue<{ taskId: string }> };
  /** Set when the process begins its graceful shutdown: /readyz answers 503 from then on. */
  lifecycle: { shuttingDown: boolean };
  /** Audit rows of health-data routes, written in batches after the reply (docs/security.md §11). */
  audit: AuditRows;
  /** Requests worked on at once (http/admission.ts): long waits and streams leave the count. */
  admission: Admission;
  /** Short-lived signed URLs of health files (docs/security.md §12). */
  fileSigner: UrlSigner;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
