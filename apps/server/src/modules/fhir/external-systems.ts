/**
 * The external code systems the FHIR exports cite (docs/fhir.md), one spelling of each URI for the
 * record and visit bundles; our own code systems are `fhirCodeSystemUrl(id)` of the contract.
 */
export const LOINC = 'http://loinc.org';
export const UCUM = 'http://unitsofmeasure.org';
export const SNOMED = 'http://snomed.info/sct';
export const OBS_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
export const CONDITION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/condition-category';
export const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
export const ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';
