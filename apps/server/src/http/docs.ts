import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { docsTransform, docsTransformObject } from './docs-schemas.js';

/**
 * OpenAPI 3 generated from the routes' zod schemas, browsable at /backend/docs (assets from npm).
 * It validates (swagger-parser, redocly's recommended rules) and openapi-typescript generates a
 * client from it: docs.test.ts holds it so (docs/open-api.md "The server's API document").
 */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'TCM platform API',
        version: '0.1.0',
        description: 'Every response is the envelope { code, msg, data }; see docs/server.md.',
      },
      // The paths are absolute (/backend/…): the server is the document's own origin.
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          client: { type: 'http', scheme: 'basic', description: 'Fixed web client (CLIENT_ID:CLIENT_SECRET)' },
          deviceBasic: {
            type: 'http',
            scheme: 'basic',
            description: 'A registered device: deviceId:secret (docs/records.md)',
          },
          tcmSignature: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Tcm-Signature',
            description:
              'Partner API (docs/open-api.md): X-Tcm-Key, X-Tcm-Timestamp (Unix seconds), X-Tcm-Nonce (16-64 of A-Z a-z 0-9 _ -), X-Tcm-Content-Sha256 (hex SHA-256 of the body) and X-Tcm-Signature = hex HMAC-SHA256(secret, METHOD\\npath?query\\ntimestamp\\nnonce\\ncontentSha256)',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: docsTransform,
    transformObject: docsTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/backend/docs', staticCSP: true });
}
