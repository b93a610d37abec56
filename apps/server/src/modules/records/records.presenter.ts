import {
  conclusionText,
  hasResults,
  type CaptureSlot,
  type RecordDetail,
  type RecordProgress,
  type RecordSummary,
  type WordLang,
} from '@tcm/contract';
import type { UrlSigner } from '../../services.js';
import { presentFile, type StoredFileRow } from '../files/files.service.js';
import { planEngines } from '@tcm/analysis/pipeline';
import type { RecordRow, RecordSummaryRow } from './records.repo.js';

export interface RecordNames {
  ownerName: string | null;
  deviceName: string | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A record's list row; its conclusion worded in the reader's language `lang` (stored as an id). */
export function presentSummary(r: RecordSummaryRow, names: RecordNames, lang: WordLang): RecordSummary {
  return {
    id: r.id,
    source: r.source,
    kind: r.kind,
    status: r.status,
    person: {
      ...(r.personName ? { name: r.personName } : {}),
      ...(r.personSex ? { sex: r.personSex } : {}),
      ...(r.personAge !== null ? { age: r.personAge } : {}),
      ...(r.personPhone ? { phone: r.personPhone } : {}),
    },
    teamId: r.teamId,
    ownerId: r.ownerUserId,
    ownerName: names.ownerName,
    deviceId: r.deviceId,
    deviceName: names.deviceName,
    captures: Object.keys(r.files) as CaptureSlot[],
    conclusion: conclusionText(r.conclusion, lang),
    failure: r.failure ?? null,
    missing: r.missing,
    attempts: r.attempts,
    lang: r.lang,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    finishedAt: iso(r.finishedAt),
  };
}

/** Progress as polling and the event stream report it: steps are the engines this record runs. */
export function progressOf(r: RecordRow): RecordProgress {
  const plan = planEngines({
    files: r.files,
    inquiry: r.inquiry,
    vitals: r.vitals,
  });
  const done = hasResults(r.status) ? plan.length : plan.filter((e) => r.results[e]).length;
  return {
    status: r.status,
    step: r.status === 'running' && r.step ? (r.step as RecordProgress['step']) : null,
    done,
    total: plan.length,
    attempts: r.attempts,
    failure: r.failure ?? null,
  };
}

/**
 * The detail of a record the caller may see; its photos and other captures come with signed URLs
 * (docs/security.md §12), so the <img> of the result page and of the share page loads them.
 */
export function presentDetail(
  r: RecordRow,
  names: RecordNames,
  files: StoredFileRow[],
  signer: UrlSigner,
  lang: WordLang,
): RecordDetail {
  const byId = new Map(files.map((f) => [f.id, f]));
  const present: RecordDetail['files'] = {};
  for (const [slot, id] of Object.entries(r.files) as [CaptureSlot, string][]) {
    const f = byId.get(id);
    if (f) present[slot] = presentFile(f, signer);
  }
  return {
    ...presentSummary(r, names, lang),
    files: present,
    vitals: r.vitals ?? null,
    inquiry: r.inquiry ?? null,
    results: r.results,
    progress: progressOf(r),
    shareToken: r.shareToken,
    tongueMaskUrl: r.tongueMaskFileId ? signer.url(r.tongueMaskFileId) : null,
  };
}
