import { createHash, randomUUID } from 'node:crypto';
import type {
  BundleEntry,
  Bundle,
  CodeableConcept,
  Composition,
  CompositionSection,
  Condition,
  Encounter,
  Observation,
  Patient,
  Practitioner,
  Reference,
  Resource,
} from '@medplum/fhirtypes';
import {
  FHIR_CANONICAL_BASE,
  fhirCodeSystemUrl,
  PATTERN_WORDS,
  type StoredPrescription,
  type VisitDetail,
} from '@tcm/contract';
import type { CaseRow } from '../archive/archive.repo.js';
import { recordObservations } from './observations.js';
import { DECISION_SUPPORT, narrative } from './record-bundle.js';
import { prescriptionNotes, prescriptionResources } from './visit-prescription.js';
import { CONDITION_CATEGORY, LOINC, OBS_CATEGORY, SNOMED } from './external-systems.js';

/**
 * A case visit of the doctor's archive as a FHIR R4 document Bundle (docs/fhir.md "Visit
 * export"): Composition first, then Patient, the doctor(s), Encounter, the four examinations and
 * the linked records' findings as Observations, the diagnoses as Conditions, the prescription.
 */

export interface VisitExport {
  case: CaseRow;
  visit: VisitDetail;
  /** The doctor who wrote the visit (its requester and the Composition's author). */
  doctor: { userId: string; name: string };
}

const FOUR_DIAGNOSES = [
  ['inspection', '望诊 / Inspection'],
  ['listening', '闻诊 / Listening and smelling'],
  ['inquiry', '问诊 / Inquiry'],
  ['palpation', '切诊 / Palpation'],
] as const;

/** A TCM syndrome written exactly as a pattern of our vocabulary is coded with it; anything else stays text. */
export function syndromeCode(text: string): CodeableConcept {
  const t = text.trim();
  const id = Object.entries(PATTERN_WORDS).find(([, w]) => w.zh === t)?.[0];
  return id ? { coding: [{ system: fhirCodeSystemUrl('tcm-pattern'), code: id, display: t }], text: t } : { text: t };
}

/** Same pseudonym in every export of the case: visits of one patient link up, and no id of ours leaves. */
const casePseudonym = (caseId: string) => createHash('sha256').update(`tcm-case:${caseId}`).digest('hex').slice(0, 32);

export function visitBundle({ case: c, visit: v, doctor }: VisitExport): Bundle {
  const entries: BundleEntry[] = [];
  const add = <T extends Resource>(resource: T): Reference<T> => {
    const fullUrl = `urn:uuid:${randomUUID()}`;
    entries.push({ fullUrl, resource });
    return { reference: fullUrl, type: resource.resourceType };
  };
  // The doctor owns (or shares) the case and sees who the patient is: name, birth date and phone
  // go out; the ID number does not (a partner needs no national id to read a visit).
  const subject = add<Patient>({
    resourceType: 'Patient',
    identifier: [{ system: `${FHIR_CANONICAL_BASE}/sid/archive-case`, value: casePseudonym(c.id) }],
    name: [{ text: c.name }],
    gender: c.sex,
    birthDate: c.birthDate,
    ...(c.phone ? { telecom: [{ system: 'phone' as const, value: c.phone }] } : {}),
  });
  const practitioners = new Map<string, Reference<Practitioner>>();
  const practitioner = (userId: string, name: string) => {
    if (!practitioners.has(userId))
      practitioners.set(userId, add<Practitioner>({ resourceType: 'Practitioner', name: [{ text: name }] }));
    return practitioners.get(userId)!;
  };
  const author = practitioner(doctor.userId, doctor.name);
  const encounterResource: Encounter = {
    resourceType: 'Encounter',
    status: 'finished',
    class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' },
    type: [{ text: v.type === 'first' ? '初诊 / First visit' : `复诊 / Follow-up visit ${v.number}` }],
    subject,
    participant: [{ individual: author }],
    period: { start: v.visitDate, end: v.visitDate },
    reasonCode: [{ text: v.chiefComplaint }],
  };
  const encounter = add(encounterResource);
  const ctx = { subject, encounter, effective: v.visitDate };

  const sections: CompositionSection[] = [];
  const textSection = (key: string, title: string, text: string, loinc?: [string, string]) => {
    if (!text.trim()) return;
    sections.push({
      title,
      code: loinc ? { coding: [{ system: LOINC, code: loinc[0], display: loinc[1] }], text: key } : { text: key },
      text: narrative(text.split('\n')),
    });
  };
  textSection('chiefComplaint', '主诉 / Chief complaint', v.chiefComplaint, ['10154-3', 'Chief complaint Narrative']);
  textSection('presentIllness', '现病史 / Present illness', v.presentIllness, [
    '10164-2',
    'History of Present illness',
  ]);
  textSection('pastHistory', '既往史 / Past history', v.pastHistory, ['11348-0', 'History of Past illness']);

  const exams = FOUR_DIAGNOSES.filter(([key]) => v.fourDiagnosis[key].trim()).map(([key, title]) =>
    add<Observation>({
      resourceType: 'Observation',
      status: 'final',
      category: [{ coding: [{ system: OBS_CATEGORY, code: 'exam' }] }],
      code: { text: title },
      subject,
      encounter,
      effectiveDateTime: v.visitDate,
      valueString: v.fourDiagnosis[key],
    }),
  );
  if (exams.length) sections.push({ title: '四诊 / Four examinations', code: { text: 'fourDiagnosis' }, entry: exams });

  for (const r of v.records) {
    const refs = recordObservations(r, { ...ctx, effective: r.createdAt }).flatMap((s) => s.observations.map(add));
    const lines = [
      `平台记录 / Platform record ${r.createdAt}`,
      ...(r.conclusion ? [r.conclusion] : []),
      DECISION_SUPPORT,
    ];
    sections.push({
      title: `关联记录 / Linked record ${r.createdAt.slice(0, 10)}`,
      code: { text: 'linkedRecord' },
      text: narrative(lines),
      ...(refs.length ? { entry: refs } : {}),
    });
  }

  const conditions = diagnoses(v).map(([code, category]) =>
    add<Condition>({
      resourceType: 'Condition',
      category: [{ coding: [{ system: CONDITION_CATEGORY, code: 'encounter-diagnosis' }], text: category }],
      code,
      subject,
      encounter,
      recordedDate: v.visitDate,
      recorder: author,
    }),
  );
  if (conditions.length) {
    encounterResource.diagnosis = conditions.map((condition, i) => ({ condition, rank: i + 1 }));
    sections.push({ title: '诊断 / Diagnoses', code: { text: 'diagnoses' }, entry: conditions });
  }
  textSection('treatmentPrinciple', '治法 / Treatment principle', v.treatmentPrinciple);
  if (v.prescription) {
    const section = prescriptionSection(v, v.prescription, { ...ctx, author, practitioner, add });
    // The pregnancy status the checks were run with, beside the warnings it produced.
    const pregnancy = pregnancyObservation(c, { subject, encounter, day: v.visitDate });
    if (pregnancy) section.entry!.push(add(pregnancy));
    sections.push(section);
  }
  textSection('advice', '医嘱 / Advice', v.advice);
  textSection('outcome', '转归 / Outcome', v.outcome);

  const composition: Composition = {
    resourceType: 'Composition',
    status: 'final',
    type: { coding: [{ system: LOINC, code: '34108-1', display: 'Outpatient Note' }] },
    subject,
    encounter,
    date: v.updatedAt,
    author: [author],
    title: '中医门诊病历 / TCM outpatient record',
    section: sections,
  };
  return {
    resourceType: 'Bundle',
    identifier: { system: 'urn:ietf:rfc:3986', value: `urn:uuid:${v.id}` },
    type: 'document',
    timestamp: new Date().toISOString(),
    entry: [{ fullUrl: `urn:uuid:${randomUUID()}`, resource: composition }, ...entries],
  };
}

/** TCM disease (text: no vocabulary of diseases), TCM syndrome (coded when it is one of our patterns), Western diagnoses (text: no ICD-10 stored). */
function diagnoses(v: VisitDetail): Array<[CodeableConcept, string]> {
  return [
    ...(v.tcmDisease.trim()
      ? [[{ text: v.tcmDisease.trim() }, '中医病名 / TCM disease'] as [CodeableConcept, string]]
      : []),
    ...(v.tcmSyndrome.trim()
      ? [[syndromeCode(v.tcmSyndrome), '中医证候 / TCM syndrome'] as [CodeableConcept, string]]
      : []),
    ...v.western.map((w): [CodeableConcept, string] => [{ text: w }, '西医诊断 / Western diagnosis']),
  ];
}

function prescriptionSection(
  v: VisitDetail,
  rx: StoredPrescription,
  ctx: {
    subject: Reference<Patient>;
    encounter: Reference<Encounter>;
    author: Reference<Practitioner>;
    practitioner: (userId: string, name: string) => Reference<Practitioner>;
    add: <T extends Resource>(resource: T) => Reference<T>;
  },
): CompositionSection {
  const refs = prescriptionResources(rx, v.warnings, { ...ctx, day: v.visitDate, requester: ctx.author });
  const herbs = rx.herbs.map((h) => `${h.name} ${h.dose}${h.unit}${h.preparation ? `（${h.preparation}）` : ''}`);
  const lines = [
    [rx.name, herbs.join('，')].filter(Boolean).join('：'),
    `${rx.doses} 剂 / doses${rx.usage ? `，${rx.usage}` : ''}`,
    ...prescriptionNotes(rx, v.warnings),
  ];
  return { title: '处方 / Prescription', code: { text: 'prescription' }, text: narrative(lines), entry: refs };
}

/** The pregnancy status the checks used (female patients only): LOINC 82810-3, SNOMED values. */
export function pregnancyObservation(
  c: CaseRow,
  ctx: { subject: Reference<Patient>; encounter: Reference<Encounter>; day: string },
): Observation | undefined {
  if (c.sex !== 'female') return undefined;
  return {
    resourceType: 'Observation',
    status: 'final',
    code: { coding: [{ system: LOINC, code: '82810-3', display: 'Pregnancy status' }] },
    subject: ctx.subject,
    encounter: ctx.encounter,
    effectiveDateTime: ctx.day,
    valueCodeableConcept: {
      coding: [
        c.pregnant
          ? { system: SNOMED, code: '77386006', display: 'Pregnant' }
          : { system: SNOMED, code: '60001007', display: 'Not pregnant' },
      ],
    },
  };
}
