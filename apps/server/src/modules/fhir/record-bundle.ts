import { createHash, randomUUID } from 'node:crypto';
import type {
  Bundle,
  BundleEntry,
  Composition,
  CompositionSection,
  DiagnosticReport,
  DocumentReference,
  Encounter,
  Media,
  Observation,
  Patient,
  QuestionnaireResponse,
  Reference,
  Resource,
} from '@medplum/fhirtypes';
import {
  CONSTITUTION_QUESTIONNAIRE_ID,
  doneResults,
  FHIR_CANONICAL_BASE,
  fhirCodeSystemUrl,
  fhirQuestionnaireUrl,
  RECORD_PATHS,
  vocabularyWord,
  type RecordDetail,
} from '@tcm/contract';
import { recordObservations } from './observations.js';
import { linkIdOf } from './questionnaire.js';

/**
 * A record as a FHIR R4 document Bundle (docs/fhir.md "Record export"): the Composition first,
 * then every resource it points to, each under a `urn:uuid` fullUrl.
 */

export interface BundleOptions {
  /** Name and phone of the person only for those who may see who it is (the rest get a pseudonym). */
  identity: boolean;
  /** The server's origin, for the links of the PDF and the signed file URLs. */
  origin: string;
  /** The record's subject account, if any: the pseudonym stays the same across their records. */
  subjectUserId: string | null;
}

/** The constitution questionnaire's canonical URL (ZYYXH/T157-2009, our item ids). */
export const CONSTITUTION_QUESTIONNAIRE = fhirQuestionnaireUrl(CONSTITUTION_QUESTIONNAIRE_ID);
export const DECISION_SUPPORT =
  '本报告为中医健康评估的辅助参考，结果提示倾向，不构成诊断。 / Decision support: the findings suggest, they do not diagnose.';

export function recordBundle(d: RecordDetail, opts: BundleOptions): Bundle {
  const entries: BundleEntry[] = [];
  const add = <T extends Resource>(resource: T): Reference<T> => {
    const fullUrl = `urn:uuid:${randomUUID()}`;
    entries.push({ fullUrl, resource });
    return { reference: fullUrl, type: resource.resourceType };
  };
  const when = d.finishedAt ?? d.updatedAt;
  const subject = add(patient(d, opts));
  const encounter = add<Encounter>({
    resourceType: 'Encounter',
    status: d.status === 'done' || d.status === 'failed' ? 'finished' : 'in-progress',
    class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' },
    subject,
    period: { start: d.createdAt, ...(d.finishedAt ? { end: d.finishedAt } : {}) },
  });
  const ctx = { subject, encounter, effective: d.createdAt };

  const sections: CompositionSection[] = [];
  const results: Reference<Observation>[] = [];
  for (const s of recordObservations(d, ctx)) {
    const refs = s.observations.map((o) => add(o));
    results.push(...refs);
    sections.push({ title: s.title, code: { text: s.key }, entry: refs });
  }
  const answers = questionnaireResponse(d, subject, encounter);
  if (answers) sections.push({ title: '问卷 / Questionnaire', code: { text: 'inquiry' }, entry: [add(answers)] });
  const media = mediaOf(d, subject, opts.origin).map((m) => add(m));
  if (media.length) sections.push({ title: '采集 / Captures', code: { text: 'captures' }, entry: media });
  const report = add(diagnosticReport(d, subject, encounter, results, opts.origin));
  sections.push({ title: '结论 / Conclusion', code: { text: 'synthesis' }, entry: [report] });
  sections.push({ title: '说明 / Notes', code: { text: 'notes' }, text: narrative(notes(d)) });

  const composition: Composition = {
    resourceType: 'Composition',
    status: d.status === 'done' ? 'final' : 'preliminary',
    type: { coding: [{ system: 'http://loinc.org', code: '11503-0', display: 'Medical records' }] },
    subject,
    encounter,
    date: when,
    author: [{ display: 'TCM platform' }],
    title: '中医四诊健康评估 / TCM four-examination health assessment',
    section: sections,
  };
  const compositionUrl = `urn:uuid:${randomUUID()}`;
  return {
    resourceType: 'Bundle',
    identifier: { system: 'urn:ietf:rfc:3986', value: `urn:uuid:${d.id}` },
    type: 'document',
    timestamp: new Date().toISOString(),
    entry: [{ fullUrl: compositionUrl, resource: composition }, ...entries],
  };
}

function patient(d: RecordDetail, opts: BundleOptions): Patient {
  // The same person gets the same pseudonym in every export, and it reveals no id of ours.
  const pseudonym = createHash('sha256')
    .update(`tcm-patient:${opts.subjectUserId ?? d.id}`)
    .digest('hex')
    .slice(0, 32);
  const p = d.person;
  return {
    resourceType: 'Patient',
    identifier: [{ system: `${FHIR_CANONICAL_BASE}/sid/pseudonym`, value: pseudonym }],
    ...(p.sex ? { gender: p.sex } : {}),
    ...(opts.identity && p.name ? { name: [{ text: p.name }] } : {}),
    ...(opts.identity && p.phone ? { telecom: [{ system: 'phone' as const, value: p.phone }] } : {}),
  };
}

function questionnaireResponse(d: RecordDetail, subject: Reference<Patient>, encounter: Reference<Encounter>) {
  const answers = Object.entries(d.inquiry?.answers ?? {});
  if (!answers.length) return undefined;
  const qr: QuestionnaireResponse = {
    resourceType: 'QuestionnaireResponse',
    questionnaire: CONSTITUTION_QUESTIONNAIRE,
    status: 'completed',
    subject,
    encounter,
    authored: d.createdAt,
    item: answers.map(([id, value]) => ({ linkId: linkIdOf(id), answer: [{ valueInteger: value }] })),
  };
  return qr;
}

/** Photos and recordings: Media with their signed URLs (valid for the signature's time); other files a DocumentReference. */
function mediaOf(d: RecordDetail, subject: Reference<Patient>, origin: string): Array<Media | DocumentReference> {
  return Object.entries(d.files).flatMap(([slot, f]): Array<Media | DocumentReference> => {
    if (!f) return [];
    const attachment = { contentType: f.mime, url: origin + f.url, title: f.name, size: f.size };
    if (f.mime.startsWith('image/') || f.mime.startsWith('audio/'))
      return [
        {
          resourceType: 'Media',
          status: 'completed',
          type: {
            coding: [
              {
                system: 'http://terminology.hl7.org/CodeSystem/media-type',
                code: f.mime.startsWith('image/') ? 'image' : 'audio',
              },
            ],
          },
          subject,
          content: attachment,
          ...(f.width && f.height ? { width: f.width, height: f.height } : {}),
          note: [{ text: slot }],
        },
      ];
    return [
      { resourceType: 'DocumentReference', status: 'current', subject, description: slot, content: [{ attachment }] },
    ];
  });
}

function diagnosticReport(
  d: RecordDetail,
  subject: Reference<Patient>,
  encounter: Reference<Encounter>,
  result: Reference<Observation>[],
  origin: string,
): DiagnosticReport {
  const patterns = doneResults(d.results).synthesis?.patterns ?? [];
  return {
    resourceType: 'DiagnosticReport',
    status: d.status === 'done' ? 'final' : 'partial',
    code: { text: '中医四诊健康评估 / TCM four-examination health assessment' },
    subject,
    encounter,
    effectiveDateTime: d.createdAt,
    issued: d.finishedAt ?? d.updatedAt,
    result,
    conclusion: [d.conclusion, DECISION_SUPPORT].filter(Boolean).join('\n'),
    ...(patterns.length
      ? {
          conclusionCode: patterns.map((p) => ({
            coding: [
              {
                system: fhirCodeSystemUrl('tcm-pattern'),
                code: p.id,
                display: vocabularyWord(`pattern.${p.id}`, 'zh'),
              },
            ],
            text: `${p.strength} ${Math.round(p.score * 100)}`,
          })),
        }
      : {}),
    presentedForm: [{ contentType: 'application/pdf', url: origin + RECORD_PATHS.report(d.id), title: 'report.pdf' }],
  };
}

/** What the screen warns of: decision support, and an analysis that is partial or failed. */
function notes(d: RecordDetail): string[] {
  const out = [DECISION_SUPPORT];
  const failed = Object.entries(d.results)
    .filter(([, o]) => o && typeof o === 'object' && 'status' in o && o.status === 'failed')
    .map(([engine]) => engine);
  if (failed.length) out.push(`部分结果缺失 / Partial result, not analysed: ${failed.join(', ')}`);
  if (d.status !== 'done') out.push(`分析未完成 / Analysis not finished: ${d.status}`);
  return out;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** An XHTML narrative of plain lines (a Composition section's text). */
export const narrative = (lines: string[]) => ({
  status: 'generated' as const,
  div: `<div xmlns="http://www.w3.org/1999/xhtml">${lines.map((l) => `<p>${escape(l)}</p>`).join('')}</div>`,
});
