import type { FastifyInstance } from 'fastify';
import { OPEN_API_BASE, OPEN_API_PATHS } from '@tcm/contract';

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
    paths,
    components: {
      schemas: referenced(paths, schemas),
      securitySchemes: { tcmSignature: full.components?.securitySchemes?.tcmSignature },
    },
  };
}

const REF = '#/components/schemas/';

/** The shared schemas the partner operations use, directly or through each other (not the whole API's). */
function referenced(paths: unknown, schemas: Record<string, unknown>): Record<string, unknown> {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith(REF)) {
        const name = v.slice(REF.length);
        if (!names.has(name)) {
          names.add(name);
          visit(schemas[name]);
        }
      } else visit(v);
    }
  };
  visit(paths);
  return Object.fromEntries([...names].sort().map((n) => [n, schemas[n]]));
}
