import fhirErrors from './errors/fhir.json' with { type: 'json' };
import { z } from 'zod';
import { defineErrors } from './errors.js';

/**
 * FHIR R4 resources the server publishes (docs/fhir.md): the vocabulary's code systems. Answers
 * are FHIR JSON (`application/fhir+json`), not the envelope; errors keep the envelope.
 */
export const FHIR_BASE = '/backend/fhir';

export const FHIR_PATHS = {
  /** A searchset Bundle of every code system. */
  codeSystems: `${FHIR_BASE}/CodeSystem`,
  codeSystem: (id: string) => `${FHIR_BASE}/CodeSystem/${id}`,
  questionnaire: (id: string) => `${FHIR_BASE}/Questionnaire/${id}`,
  /** A record as a document Bundle, under the record's own access rules. */
  recordBundle: (id: string) => `/backend/record/${id}/fhir`,
  /** A case visit as a document Bundle, under the archive's rules (beside `visit/pdf/:id`). */
  visitBundle: (visitId: string) => `/backend/doctor/archive/visit/fhir/${visitId}`,
} as const;

/**
 * The canonical base of our conformance resources: an identifier that stays the same on every
 * deployment (a code's system must not change with the host that serves it), not where they are
 * fetched from (that is FHIR_PATHS on any server).
 */
export const FHIR_CANONICAL_BASE = 'https://tcm-platform.org/fhir';

/** The code systems, one per kind of finding the engines write (docs/vocabulary.md). */
export const FHIR_CODE_SYSTEM_IDS = [
  'tcm-tongue',
  'tcm-face',
  'tcm-pulse',
  'tcm-voice',
  'tcm-constitution',
  'tcm-pattern',
] as const;
export type FhirCodeSystemId = (typeof FHIR_CODE_SYSTEM_IDS)[number];

export const fhirCodeSystemUrl = (id: FhirCodeSystemId) => `${FHIR_CANONICAL_BASE}/CodeSystem/${id}`;

/** The constitution questionnaire (ZYYXH/T157-2009) a record's answers respond to. */
export const CONSTITUTION_QUESTIONNAIRE_ID = 'constitution-zyyxh-t157-2009';
export const fhirQuestionnaireUrl = (id: string) => `${FHIR_CANONICAL_BASE}/Questionnaire/${id}`;

/**
 * A FHIR logical id (R4 `id`: 1–64 of A-Z a-z 0-9 - .). Checked by the handler, which answers
 * FHIR_ERRORS.INVALID_ID in the reader's language rather than a schema rule's text.
 */
export const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;
export const fhirIdParams = z.object({ id: z.string() });

const designation = z.object({ language: z.string(), value: z.string() });

export interface FhirConcept {
  code: string;
  display: string;
  designation: Array<z.infer<typeof designation>>;
  property?: Array<{ code: string; valueCode: string }>;
  concept?: FhirConcept[];
}
/** A concept and the concepts grouped under it (recursive: exported so the API document names it). */
export const fhirConceptSchema: z.ZodType<FhirConcept> = z.lazy(() =>
  z.object({
    code: z.string(),
    display: z.string(),
    designation: z.array(designation),
    property: z.array(z.object({ code: z.string(), valueCode: z.string() })).optional(),
    concept: z.array(fhirConceptSchema).optional(),
  }),
);

/** What our conformance resources (CodeSystem, Questionnaire) all carry. */
const conformance = {
  id: z.string(),
  url: z.string(),
  version: z.string(),
  name: z.string(),
  title: z.string(),
  status: z.literal('active'),
  publisher: z.string(),
};

/** The CodeSystem resources the server writes (a subset of R4's elements). */
export const fhirCodeSystemSchema = z.object({
  resourceType: z.literal('CodeSystem'),
  ...conformance,
  experimental: z.boolean(),
  description: z.string(),
  language: z.string(),
  caseSensitive: z.boolean(),
  hierarchyMeaning: z.literal('grouped-by').optional(),
  content: z.literal('complete'),
  count: z.number().int(),
  property: z.array(z.object({ code: z.string(), description: z.string(), type: z.literal('code') })).optional(),
  concept: z.array(fhirConceptSchema),
});
export type FhirCodeSystem = z.infer<typeof fhirCodeSystemSchema>;

export const fhirCodeSystemBundleSchema = z.object({
  resourceType: z.literal('Bundle'),
  type: z.literal('searchset'),
  total: z.number().int(),
  entry: z.array(z.object({ fullUrl: z.string(), resource: fhirCodeSystemSchema })),
});

/** The Questionnaire the server writes (a subset of R4's elements). */
export const fhirQuestionnaireSchema = z.object({
  resourceType: z.literal('Questionnaire'),
  ...conformance,
  description: z.string(),
  subjectType: z.array(z.string()),
  item: z.array(z.object({ linkId: z.string(), text: z.string(), type: z.literal('integer'), required: z.boolean() })),
});

/** The document Bundle of a record (its resources are left open for the document: R4 is their schema). */
export const fhirDocumentBundleSchema = z.looseObject({
  resourceType: z.literal('Bundle'),
  type: z.literal('document'),
  timestamp: z.string(),
  entry: z.array(z.looseObject({ fullUrl: z.string(), resource: z.looseObject({ resourceType: z.string() }) })),
});

export const FHIR_ERRORS = defineErrors(fhirErrors);
