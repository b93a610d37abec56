import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FHIR_CODE_SYSTEM_IDS,
  FHIR_ERRORS,
  FHIR_ID,
  FHIR_PATHS,
  fhirCodeSystemBundleSchema,
  fhirCodeSystemSchema,
  fhirIdParams,
  type FhirCodeSystemId,
} from '@tcm/contract';
import { AppError } from '../../http/app-error.js';
import { codeSystem } from './code-systems.js';

const tags = ['fhir'];
/** FHIR's JSON media type: a FHIR client reads the answer as a resource, not our envelope. */
export const FHIR_JSON = 'application/fhir+json; charset=utf-8';

const isCodeSystemId = (id: string): id is FhirCodeSystemId => (FHIR_CODE_SYSTEM_IDS as readonly string[]).includes(id);

/**
 * FHIR R4 resources (docs/fhir.md). The code systems are open: words of our vocabulary, no one's
 * data, and a partner's system resolves a coding's `system` with them.
 */
export const fhirRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    FHIR_PATHS.codeSystems,
    {
      schema: {
        tags,
        summary: 'Every code system of our vocabulary (FHIR R4 searchset Bundle)',
        response: { 200: fhirCodeSystemBundleSchema },
      },
    },
    async (request, reply) => {
      const base = `${request.protocol}://${request.host}`;
      reply.type(FHIR_JSON);
      return {
        resourceType: 'Bundle' as const,
        type: 'searchset' as const,
        total: FHIR_CODE_SYSTEM_IDS.length,
        entry: FHIR_CODE_SYSTEM_IDS.map((id) => ({
          fullUrl: base + FHIR_PATHS.codeSystem(id),
          resource: codeSystem(id),
        })),
      };
    },
  );

  app.get(
    FHIR_PATHS.codeSystem(':id'),
    {
      schema: {
        tags,
        summary: 'One code system (FHIR R4 CodeSystem): tongue, face, pulse, voice, constitution, pattern',
        params: fhirIdParams,
        response: { 200: fhirCodeSystemSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!FHIR_ID.test(id)) throw new AppError(FHIR_ERRORS.INVALID_ID);
      if (!isCodeSystemId(id)) throw new AppError(FHIR_ERRORS.CODE_SYSTEM_NOT_FOUND);
      reply.type(FHIR_JSON);
      return codeSystem(id);
    },
  );
};
