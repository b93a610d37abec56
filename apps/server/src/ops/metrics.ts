import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import { OPS_ERRORS, OPS_PATHS } from '@tcm/contract';
import type { EngineJob } from '../jobs/engine-jobs.js';

/**
 * Prometheus metrics (prom-client's default registry, so that a cluster's primary can add up
 * its workers' with AggregatorRegistry). Created once per process: tests build many apps in
 * one process, and a metric registered twice throws.
 */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const httpDuration = new client.Histogram({
  name: 'tcm_http_request_duration_seconds',
  help: 'HTTP request latency by route template and status',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: BUCKETS,
});

export const engineDuration = new client.Histogram({
  name: 'tcm_engine_duration_seconds',
  help: 'Engine pool jobs by kind (analyze, check:<capture>, decode:<capture>, report) and outcome',
  labelNames: ['job', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
});

type DepthSource = () => Promise<Array<{ queue: string; state: string; n: number }>>;
let depthSource: DepthSource | undefined;

/**
 * Jobs waiting or running per pg-boss queue, read from the database at each scrape. Every
 * process reads the same table, so a cluster takes one process's figure (max), not the sum.
 */
new client.Gauge({
  name: 'tcm_job_queue_depth',
  help: 'pg-boss jobs by queue and state (created, retry, active)',
  labelNames: ['queue', 'state'] as const,
  aggregator: 'max',
  async collect() {
    this.reset();
    if (!depthSource) return;
    for (const r of await depthSource()) this.set({ queue: r.queue, state: r.state }, r.n);
  },
});

let defaultsOn = false;

/** Process metrics (CPU, memory, event-loop lag, GC) once per process. */
export function collectProcessMetrics(): void {
  if (defaultsOn) return;
  defaultsOn = true;
  client.collectDefaultMetrics();
}

/**
 * In a cluster worker: answer the primary's requests for this process's metrics. prom-client
 * installs that listener only when an AggregatorRegistry is made, in the worker too.
 */
export function answerPrimaryMetrics(): void {
  new client.AggregatorRegistry();
}

/** Where the queue depth comes from (the app's database); the latest app of the process wins. */
export function setQueueDepthSource(source: DepthSource): void {
  depthSource = source;
}

/** Engine job label: its kind, and which capture for the per-capture kinds. */
export function engineJobLabel(job: EngineJob): string {
  if (job.kind === 'decode') return `decode:${job.capture}`;
  if (job.kind === 'check') return `check:${job.slot}`;
  return job.kind;
}

/** Times every response by its route template (not its URL: ids would explode the series). */
export function registerRequestMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}

/**
 * The metrics listener: its own port, bound to METRICS_HOST (127.0.0.1 by default), never the
 * public one, so a reverse proxy that forwards everything on PORT cannot expose it.
 */
export function startMetricsServer(
  opts: { port: number; host: string },
  render: () => Promise<string>,
): Promise<Server> {
  collectProcessMetrics();
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== OPS_PATHS.metrics) {
      const { code, status, en } = OPS_ERRORS.METRICS_NOT_FOUND;
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ code, msg: en, data: null }));
      return;
    }
    render().then(
      (text) => res.writeHead(200, { 'content-type': client.register.contentType }).end(text),
      (e: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(String(e)),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve(server));
  });
}

/** This process's metrics (one process serving alone). */
export const renderOwnMetrics = () => client.register.metrics();
