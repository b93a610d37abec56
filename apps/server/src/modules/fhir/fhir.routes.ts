import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONSTITUTION_QUESTIONNAIRE_ID,
  FHIR_CODE_SYSTEM_IDS,
  FHIR_ERRORS,
  FHIR_ID,
  FHIR_PATHS,
  fhirCodeSystemBundleSchema,
  fhirCodeSystemSchema,
  fhirDocumentBundleSchema,
  fhirQuestionnaireSchema,
  fhirIdParams,
  type FhirCodeSystemId,
} from '@tcm/contract';
import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import { writeAudit } from '../audit/audit.service.js';
import { visitWithCase } from '../archive/archive.service.js';
import { principalOf, requireAuth } from '../auth/guard.js';
import { assertCanSee } from '../records/access.js';
import { findRecord } from '../records/records.repo.js';
import { recordDetail } from '../records/records.service.js';
import { codeSystem } from './code-systems.js';
import { constitutionQuestionnaire } from './questionnaire.js';
import { recordBundle } from './record-bundle.js';
import { visitBundle } from './visit-bundle.js';
import { routeOf } from '../../http/route.js';

const tags = ['fhir'];
const route = routeOf(tags);
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

  app.get(
    FHIR_PATHS.questionnaire(':id'),
    {
      schema: {
        tags,
        summary: 'The constitution questionnaire (FHIR R4 Questionnaire) that record answers respond to',
        params: fhirIdParams,
        response: { 200: fhirQuestionnaireSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!FHIR_ID.test(id)) throw new AppError(FHIR_ERRORS.INVALID_ID);
      if (id !== CONSTITUTION_QUESTIONNAIRE_ID) throw new AppError(FHIR_ERRORS.QUESTIONNAIRE_NOT_FOUND);
      reply.type(FHIR_JSON);
      return constitutionQuestionnaire() as z.infer<typeof fhirQuestionnaireSchema>;
    },
  );

  app.get(
    FHIR_PATHS.recordBundle(':id'),
    route(
      requireAuth({ entrances: ['member', 'doctor'] }),
      'A record as a FHIR R4 document Bundle (Composition, Patient, Observations, report, captures)',
      { params: z.object({ id: z.string().uuid() }), response: { 200: fhirDocumentBundleSchema } },
    ),
    async (request, reply) => {
      const principal = principalOf(request);
      const row = assertCanSee(principal, await findRecord(app.ctx.db, request.params.id));
      const detail = await recordDetail(app.ctx, row, request.msgLang);
      // Name and phone only for the person who made the record or whom it is about; a team
      // leader's export of a member's record carries the pseudonym alone (docs/fhir.md).
      const identity = [row.ownerUserId, row.subjectUserId].includes(principal.user.id);
      reply.type(FHIR_JSON);
      return recordBundle(detail, {
        identity,
        origin: `${request.protocol}://${request.host}`,
        subjectUserId: row.subjectUserId ?? null,
      }) as z.infer<typeof fhirDocumentBundleSchema>;
    },
  );

  app.get(
    FHIR_PATHS.visitBundle(':id'),
    {
      // The visit PDF's guard and rules (archive.routes.ts): the doctor entrance, the case's
      // owner or a doctor of a group it is shared with; anything else 403, unknown ids too.
      onRequest: requireAuth({ entrances: ['doctor'] }),
      schema: {
        tags: ['archive', ...tags],
        summary: 'A case visit as a FHIR R4 document Bundle (Patient, Encounter, Conditions, prescription, warnings)',
        params: z.object({ id: z.string().uuid() }),
        response: { 200: fhirDocumentBundleSchema },
      },
    },
    async (request, reply) => {
      const found = await visitWithCase(app.ctx, principalOf(request), request.params.id, request.msgLang);
      await writeAudit(app.ctx.db, request, {
        action: 'archive.visit.fhir',
        targetId: found.case.id,
        detail: { visitId: found.visit.id },
      });
      reply.type(FHIR_JSON);
      return visitBundle(found) as z.infer<typeof fhirDocumentBundleSchema>;
    },
  );
};
