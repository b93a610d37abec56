import { doneResult, type RecordResults } from '@tcm/contract';
import { storedFindings } from '@tcm/analysis/pipeline';
import { constitutionFindings, normalizeFindings, vitalsFindings } from '@tcm/analysis/synthesis';
import type { PersonFinding } from './screening-score.js';

interface LinkedRecord {
  id: string;
  createdAt: Date;
  results: RecordResults;
}

/**
 * The findings of a person's linked records in the synthesis vocabulary: tongue, face, pulse and
 * voice as the pipeline maps them, the questionnaire's nine scores and the vitals bands. The
 * newest record that holds a key gives it: a key already taken by a newer record is skipped, so
 * a tongue photo from today is not outvoted by last year's.
 */
export function personFindings(records: readonly LinkedRecord[]): PersonFinding[] {
  const newestFirst = [...records].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const taken = new Set<string>();
  const out: PersonFinding[] = [];
  for (const r of newestFirst) {
    const constitution = doneResult(r.results, 'constitution');
    const vitals = doneResult(r.results, 'vitals');
    const raw = [
      ...storedFindings(r.results),
      ...(constitution ? constitutionFindings(constitution) : []),
      ...(vitals ? vitalsFindings(vitals) : []),
    ];
    // normalizeFindings reads retired ids as today's (pulse `jie` = `knotted`) and drops unknown keys.
    const { findings } = normalizeFindings(raw);
    const keys = new Set(findings.map((f) => f.key));
    for (const f of findings) if (!taken.has(f.key)) out.push({ ...f, recordId: r.id });
    for (const k of keys) taken.add(k);
  }
  return out;
}
