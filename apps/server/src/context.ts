import type { AppConfig } from './config.js';
import type { Database, Db } from './db/client.js';
import type { TokenService } from './modules/auth/token.service.js';
import type { LoginGuard } from './modules/auth/login-guard.service.js';
import type { FileStorage } from './modules/files/storage.js';
import type { PublicUploadLimit } from './modules/files/rate-limit.js';
import type { AnalysisQueue } from './modules/analysis/queue.js';
import type { ResearchQueue } from './modules/research/research.queue.js';
import type { EnginePool } from './jobs/engine-pool.js';
import type { SecretBox } from './modules/open-api/secret-box.js';
import type { WebhookDispatcher } from './modules/open-api/webhooks.js';
import type { AuditBuffer } from './modules/audit/audit-buffer.js';
import type { FileSigner } from './modules/files/file-signing.js';
import type { Admission } from './http/admission.js';

/** What every feature module gets from the app: config, database and the shared services. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  tokens: TokenService;
  loginGuard: LoginGuard;
  /** File bytes: local folder or S3 (docs/records.md). */
  storage: FileStorage;
  /** The record analysis queue (pg-boss); its worker runs in this process when configured. */
  analysis: AnalysisQueue;
  /** The doctor research area's analysis jobs (pg-boss; each computed in a worker thread). */
  research: ResearchQueue;
  /** Child processes that run the engines and heavy upload checks off the request thread. */
  engines: EnginePool;
  /** Per-IP limit of uploads that need no sign-in. */
  publicUploads: PublicUploadLimit;
  /** The partner API: app-key secrets at rest and the webhook deliveries (docs/open-api.md). */
  openApi: { box: SecretBox; webhooks: WebhookDispatcher };
  /** Set when the process begins its graceful shutdown: /readyz answers 503 from then on. */
  lifecycle: { shuttingDown: boolean };
  /** Audit rows of health-data routes, written in batches after the reply (docs/security.md §11). */
  audit: AuditBuffer;
  /** Requests worked on at once (http/admission.ts): long waits and streams leave the count. */
  admission: Admission;
  /** Short-lived signed URLs of health files (docs/security.md §12). */
  fileSigner: FileSigner;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
