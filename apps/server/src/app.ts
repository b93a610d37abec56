import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import type PgBoss from 'pg-boss';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/client.js';
import { registerDocs } from './http/docs.js';
import { registerBodyTypeCheck } from './http/body-type.js';
import { registerOriginCheck } from './http/csrf.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerLanguage } from './http/language.js';
import { loggerOptions } from './http/log-redaction.js';
import { registerNulGuard } from './http/nul-guard.js';
import { registerWeb } from './http/web.js';
import { siteRendering } from './modules/site/site-rendering.js';
import { registerAuthDecorators } from './modules/auth/guard.js';
import { LoginGuard } from './modules/auth/login-guard.service.js';
import { TokenService } from './modules/auth/token.service.js';
import { featureModules } from './modules/index.js';
import { ensureFileUrlKey, ensureOpenApiKey, ensureSecrets } from './secrets.js';
import { AuditBuffer } from './modules/audit/audit-buffer.js';
import { registerAuditHook } from './modules/audit/audit-hook.js';
import { AuditPurge } from './modules/audit/audit-purge.js';
import { FileSigner } from './modules/files/file-signing.js';
import { SecretBox } from './modules/open-api/secret-box.js';
import { webhookQueue } from './modules/open-api/webhooks.js';
import { PENDING_FILE_MAX_AGE_MS, sweepPendingFiles } from './modules/files/pending-files.js';
import { createStorage } from './modules/files/storage.js';
import { AnalysisQueue } from './modules/analysis/queue.js';
import { analyzeRecord, type AnalysisDeps } from './modules/analysis/worker.js';
import { researchQueue } from './modules/research/research.queue.js';
import { PublicUploadLimit } from './modules/files/rate-limit.js';
import { EnginePool } from './jobs/engine-pool.js';
import { JobQueues } from './jobs/queues.js';
import { endEventStreams } from './http/event-stream.js';
import { registerHealth } from './ops/health.js';
import { registerRequestMetrics, setQueueDepthSource } from './ops/metrics.js';
import { queueDepth } from './ops/queue-depth.js';
import { registerUploadGate, UploadGate } from './http/upload-gate.js';
import { Admission } from './http/admission.js';
import { createHttpServer } from './http/http-server.js';

export interface AppDeps {
  database: Database;
  /** Extra plugins registered after the feature modules (tests use it for probe routes). */
  extraPlugins?: FastifyPluginAsync[];
  /** The started pg-boss queue (main.ts; record tests). Without it records can be read but not analyzed. */
  boss?: PgBoss;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: Writable;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * Builds the HTTP app on an open database without listening: `main.ts` listens, tests call
 * `app.inject`. The caller owns the database (closing the app does not close it).
 */
export async function buildApp(config: AppConfig, deps: AppDeps): Promise<FastifyInstance> {
  // Bounded admission in front of Fastify on the listening server (not on app.inject).
  const admission = new Admission(config.admission);
  const app = Fastify({
    serverFactory: (handler) => createHttpServer(handler, admission, config.http),
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel, deps.logStream),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    // Keep a caller's request id when it looks sane; otherwise mint one. Echoed as x-request-id.
    genReqId: (req) => {
      const h = req.headers['x-request-id'];
      return typeof h === 'string' && REQUEST_ID.test(h) ? h : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The job module gets what it needs injected: no import of the app context in the queue.
  // Read from the context at each use (getters), as the context's own users do: tests swap its storage.
  const analysisDeps: AnalysisDeps = {
    get db() {
      return ctx.db;
    },
    get storage() {
      return ctx.storage;
    },
    get engines() {
      return ctx.engines;
    },
    notify: (id) => {
      ctx.analysis.notify(id);
      // A partner's webhook may be due now (its queue also sweeps on its own, across processes).
      ctx.openApi.webhooks.sweepSoon();
    },
  };
  const { jwtSecret } = ensureSecrets(config.dataDir, config.jwtSecret);
  const openApiBox = new SecretBox(ensureOpenApiKey(config.dataDir, config.openApi.secretKey));
  const analysis = new AnalysisQueue(
    deps.boss,
    { db: deps.database.db, analyze: (recordId, opts) => analyzeRecord(analysisDeps, recordId, opts) },
    { retryDelayS: config.analysisRetryDelayS, workers: config.analysisWorkers, log: app.log },
  );
  const research = researchQueue(deps.boss, () => ctx.db, app.log);
  const webhooks = webhookQueue(
    deps.boss,
    {
      db: deps.database.db,
      box: openApiBox,
      retries: config.openApi.webhookRetries,
      retryDelayS: config.openApi.webhookRetryDelayS,
      allowPrivate: config.openApi.webhookAllowPrivate,
    },
    app.log,
  );
  const audit = new AuditBuffer(() => ctx.db, app.log);
  const ctx: AppContext = {
    config,
    database: deps.database,
    db: deps.database.db,
    tokens: new TokenService(deps.database.db, {
      secret: new TextEncoder().encode(jwtSecret),
      accessTtlS: config.accessTokenTtlS,
      refreshTtlS: config.refreshTokenTtlS,
    }),
    loginGuard: new LoginGuard(deps.database.db, config.login),
    storage: createStorage(config),
    analysis,
    research,
    engines: new EnginePool({
      size: config.engines.poolSize,
      maxQueue: config.engines.maxQueue,
      maxHeapMb: config.engines.heapMb,
      nice: config.engines.nice,
    }),
    admission,
    publicUploads: new PublicUploadLimit(config.publicUploadsPerMin),
    openApi: {
      box: openApiBox,
      webhooks,
    },
    lifecycle: { shuttingDown: false },
    audit,
    fileSigner: new FileSigner(ensureFileUrlKey(config.dataDir, config.files.urlKey), config.files.urlTtlS),
  };
  app.decorate('ctx', ctx);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerRequestMetrics(app);
  setQueueDepthSource(() => queueDepth(ctx.db));
  // Before the listener closes: /readyz turns 503 and event streams end, so close() only waits
  // for requests that finish by themselves (docs/server.md "Production mode").
  app.addHook('preClose', async () => {
    ctx.lifecycle.shuttingDown = true;
    admission.drain();
    endEventStreams(ctx);
  });

  registerLanguage(app);
  registerErrorHandler(app);
  registerAuthDecorators(app);
  registerAuditHook(app, audit);
  // Cross-site defences and input hygiene run on every route, added later ones too (docs/security.md).
  registerOriginCheck(app, config.corsOrigins);
  registerBodyTypeCheck(app);
  registerNulGuard(app);
  // Uploads worked on at once are bounded: memory and light requests hold under a burst.
  registerUploadGate(app, new UploadGate(config.uploads));
  // Plain http on localhost is the default: no upgrade-insecure-requests or HSTS there; a TLS
  // deployment (TLS=true) gets HSTS so browsers never fall back to http (docs/security.md §10b).
  await app.register(helmet, {
    global: true,
    strictTransportSecurity:
      config.tls && config.hstsMaxAgeS > 0 ? { maxAge: config.hstsMaxAgeS, includeSubDomains: true } : false,
    // blob: for media so a recorded or chosen voice clip can be played back before it is sent
    // (issue 17); images likewise show a chosen photo before upload.
    contentSecurityPolicy: {
      directives: {
        upgradeInsecureRequests: null,
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        // The detection pages analyse the tongue in the browser (onnxruntime-web's WebAssembly, our
        // own file): compiling WebAssembly needs 'wasm-unsafe-eval', which allows no JavaScript eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      },
    },
  });
  if (config.corsOrigins.length) await app.register(cors, { origin: config.corsOrigins, credentials: true });
  await app.register(cookie);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: config.bodyLimitBytes, files: 10, fields: 50 } });
  await registerDocs(app);
  await registerHealth(app);

  for (const [, plugin] of featureModules) await app.register(plugin);
  for (const plugin of deps.extraPlugins ?? []) await app.register(plugin);
  await registerWeb(
    app,
    config.webDist,
    { id: config.clientId, secret: config.clientSecret },
    {
      publicWebUrl: config.wechat.publicWebUrl,
      // The public site's pages, head and sitemap (modules/site) on the transport's web serving.
      site: (root, page, log) => siteRendering(ctx.db, root, page, log),
    },
  );
  // The app's queues (jobs/queues.ts), their workers reading the context at each use: started
  // once every route is registered, stopped when the app closes.
  const queues = new JobQueues();
  queues.add(analysis.queue);
  queues.add(webhooks);
  queues.add(research);
  await queues.start();
  const auditPurge = new AuditPurge(() => ctx.db, config.audit.retentionDays, app.log);
  auditPurge.start();
  // Uploads a crash cut off between their row and their bytes (docs/records.md "Stored files").
  try {
    const removed = await sweepPendingFiles(ctx.db, ctx.storage, new Date(Date.now() - PENDING_FILE_MAX_AGE_MS));
    if (removed) app.log.warn({ removed }, 'removed uploads cut off by a crash');
  } catch (e) {
    app.log.error({ err: e }, 'sweep of cut-off uploads failed');
  }
  app.addHook('onClose', async () => {
    auditPurge.stop();
    await ctx.audit.flush();
    // Running jobs finish (or fail) before the engine children go.
    await queues.stop();
    await ctx.engines.close();
  });
  return app;
}
