import type { FastifyInstance } from 'fastify';
import { OPEN_API_BASE, OPEN_API_PATHS } from '@tcm/contract';
import { referencedComponents } from '../../http/docs-schemas.js';

type Doc = {
  paths?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
};

/**
 * The partner API's own OpenAPI document: the operations under /backend/openapi/v1 of the
 * server's document, which @fastify/swagger generates from the routes' zod schemas (the same
 * schemas that validate the requests). Served at OPEN_API_PATHS.document and kept in
 * docs/open-api.json (open-api.document.test.ts fails when the two differ).
 */
export function openApiDocument(app: FastifyInstance) {
  const full = app.swagger() as Doc;
  const paths = Object.fromEntries(
    Object.entries(full.paths ?? {}).filter(([p]) => p.startsWith(OPEN_API_BASE) && p !== OPEN_API_PATHS.document),
  );
  const schemas = full.components?.schemas ?? {};
  return {
    openapi: '3.0.3',
    info: {
      title: 'TCM platform Open API (partners)',
      version: '1.0.0',
      description:
        'Signed requests (HMAC-SHA256 over method, path with query, timestamp, nonce and the body’s SHA-256), asynchronous analysis with polling or a signed webhook. Every answer is the envelope { code, msg, data }. Guide and examples: docs/open-api.md.',
    },
    // Served by the server itself, the paths absolute: the document's own origin.
    servers: [{ url: '/', description: 'This server' }],
    paths,
    components: {
      schemas: referencedComponents(paths, schemas),
      securitySchemes: { tcmSignature: full.components?.securitySchemes?.tcmSignature },
    },
  };
}
