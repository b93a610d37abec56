import type {
  CodeableConcept,
  DetectedIssue,
  Encounter,
  Medication,
  MedicationRequest,
  Patient,
  Practitioner,
  Quantity,
  Reference,
  Resource,
} from '@medplum/fhirtypes';
import {
  SAFETY_WARNING_LEVEL,
  type PrescriptionHerb,
  type SafetyWarning,
  type SafetyWarningKind,
  type StoredPrescription,
} from '@tcm/contract';
import { ACT_CODE, UCUM } from './external-systems.js';

/**
 * A visit's prescription as FHIR R4 (docs/fhir.md "Visit export"): one MedicationRequest for the
 * whole formula (the herbs are decocted together and taken as one; a request per herb would read
 * as separate drugs), its herbs as the ingredients of a Medication with grams per dose (剂), and
 * every safety warning as a DetectedIssue the request points to, the doctor's acknowledgement
 * as its mitigation.
 */

/** One 剂 (a day's decoction): UCUM's unity with an annotation. */
const PER_DOSE: Quantity = { value: 1, unit: '剂', system: UCUM, code: '{dose}' };

/** A herb line's amount: grams and millilitres in UCUM; pieces (枚, 片, 条, 只) as an annotated count. */
export function herbQuantity(h: Pick<PrescriptionHerb, 'dose' | 'unit'>): Quantity {
  if (h.unit === 'g') return { value: h.dose, unit: 'g', system: UCUM, code: 'g' };
  if (h.unit === 'ml') return { value: h.dose, unit: 'mL', system: UCUM, code: 'mL' };
  return { value: h.dose, unit: h.unit, system: UCUM, code: '{piece}' };
}

/** v3 ActCode issue categories (the detectedissue-category value set). */
const ISSUE_CODE: Record<SafetyWarningKind, [string, string]> = {
  incompatible: ['DRG', 'Drug Interaction Alert'],
  antagonism: ['DRG', 'Drug Interaction Alert'],
  pregnancyForbidden: ['PREG', 'Pregnancy Alert'],
  pregnancyCaution: ['PREG', 'Pregnancy Alert'],
  doseHigh: ['DOSEH', 'High Dose Alert'],
  toxicDoseHigh: ['DOSEH', 'High Dose Alert'],
  toxicDoseCeiling: ['DOSEH', 'High Dose Alert'],
  doseLow: ['DOSEL', 'Low Dose Alert'],
};
/** A warning the save gate asks a reason for (or refuses) is high; a note is moderate. */
const SEVERITY = { refuse: 'high', acknowledge: 'high', note: 'moderate' } as const;

export interface PrescriptionContext {
  subject: Reference<Patient>;
  encounter: Reference<Encounter>;
  day: string;
  requester: Reference<Practitioner>;
  /** The acknowledging doctor as a Practitioner of the Bundle. */
  practitioner: (userId: string, name: string) => Reference<Practitioner>;
  add: <T extends Resource>(resource: T) => Reference<T>;
}

const sameWarning = (a: SafetyWarning, b: SafetyWarning) =>
  a.code === b.code && a.herbs.join('\u0000') === b.herbs.join('\u0000');

/** The lines the reader's screen and PDF show under the herbs: the warnings, then who acknowledged them and why. */
export function prescriptionNotes(rx: StoredPrescription, warnings: readonly SafetyWarning[]): string[] {
  const lines = warnings.map((w, i) => `用药警示 / Prescription warning ${i + 1}: ${w.zh} / ${w.en}`);
  const a = rx.acknowledgement;
  if (a) lines.push(`医师确认 / Acknowledged: ${a.byName} ${a.at}，理由 / reason: ${a.reason}`);
  return lines;
}

/** Adds the Medication, the MedicationRequest and its DetectedIssues; answers the references for the section. */
export function prescriptionResources(
  rx: StoredPrescription,
  warnings: readonly SafetyWarning[],
  ctx: PrescriptionContext,
): Array<Reference<Resource>> {
  const medication = ctx.add<Medication>({
    resourceType: 'Medication',
    code: { text: rx.name || '中药饮片处方 / Chinese herbal prescription' },
    ingredient: rx.herbs.map((h) => ({
      itemCodeableConcept: { text: h.name },
      isActive: true,
      strength: { numerator: herbQuantity(h), denominator: PER_DOSE },
    })),
  });
  const preparations: CodeableConcept[] = rx.herbs
    .filter((h) => h.preparation)
    .map((h) => ({ text: `${h.name}：${h.preparation}` }));
  const notes = prescriptionNotes(rx, warnings);
  const request: MedicationRequest = {
    resourceType: 'MedicationRequest',
    status: 'active',
    intent: 'order',
    medicationReference: medication,
    subject: ctx.subject,
    encounter: ctx.encounter,
    authoredOn: ctx.day,
    requester: ctx.requester,
    ...(rx.usage || preparations.length
      ? {
          dosageInstruction: [
            {
              ...(rx.usage ? { text: rx.usage } : {}),
              ...(preparations.length ? { additionalInstruction: preparations } : {}),
            },
          ],
        }
      : {}),
    dispenseRequest: { quantity: { value: rx.doses, unit: '剂', system: UCUM, code: '{dose}' } },
    ...(notes.length ? { note: notes.map((text) => ({ text })) } : {}),
  };
  const requestRef = ctx.add(request);
  const issues = warnings.map((w) => ctx.add(detectedIssue(w, rx, requestRef, ctx)));
  if (issues.length) request.detectedIssue = issues;
  return [requestRef, medication, ...issues];
}

function detectedIssue(
  w: SafetyWarning,
  rx: StoredPrescription,
  implicated: Reference<MedicationRequest>,
  ctx: PrescriptionContext,
): DetectedIssue {
  const [code, display] = ISSUE_CODE[w.kind];
  const a = rx.acknowledgement;
  const acknowledged = a && a.warnings.some((x) => sameWarning(x, w));
  return {
    resourceType: 'DetectedIssue',
    status: 'final',
    code: { coding: [{ system: ACT_CODE, code, display }], text: `${w.kind} ${w.code}` },
    severity: SEVERITY[SAFETY_WARNING_LEVEL[w.kind]],
    patient: ctx.subject,
    implicated: [implicated],
    detail: `${w.zh} / ${w.en}`,
    ...(acknowledged
      ? {
          mitigation: [
            {
              // "Therapy Appropriate": the doctor reviewed the issue and keeps the prescription, for the reason given.
              action: { coding: [{ system: ACT_CODE, code: '1', display: 'Therapy Appropriate' }], text: a.reason },
              date: a.at,
              author: ctx.practitioner(a.byUserId, a.byName),
            },
          ],
        }
      : {}),
  };
}
