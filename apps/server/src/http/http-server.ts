import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Admission } from './admission.js';

export interface HttpServerSettings {
  /** Connections held at once (idle keep-alive ones included); more are closed on arrival. */
  maxConnections: number;
  /** Idle keep-alive connection life, s: longer than the reverse proxy's upstream keep-alive. */
  keepAliveTimeoutS: number;
  /** Time to receive a request's headers, s (a client that trickles them is cut off: 408). */
  headersTimeoutS: number;
  /** Time to receive a whole request, body included, s. */
  requestTimeoutS: number;
}

/**
 * The listening server of one process (Fastify's `serverFactory`): admission in front of
 * Fastify's handler, a bound on connections well below the process's file descriptors (the
 * database, the storage and the engine children need theirs), and timeouts fit for a service
 * behind a reverse proxy (docs/deploy.md "Load"). `app.inject` (tests) does not go through it.
 */
export function createHttpServer(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  admission: Admission,
  s: HttpServerSettings,
): Server {
  const server = createServer(
    { requestTimeout: s.requestTimeoutS * 1000, headersTimeout: s.headersTimeoutS * 1000 },
    admission.listener(handler),
  );
  server.keepAliveTimeout = s.keepAliveTimeoutS * 1000;
  server.maxConnections = s.maxConnections;
  return server;
}
