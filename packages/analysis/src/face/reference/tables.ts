// Markdown tables of the face repeatability reference, printed by the command line and pasted
// into docs/face.md.
import type { FaceReference } from './study.js';

const f = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '–');

export function referenceTables(ref: FaceReference): string {
  const kinds = [...new Set(ref.perturbations.map((p) => p.kind))];
  const lines: string[] = [];
  lines.push(
    `Engine ${ref.engine}; ${ref.portraits.length} portraits × ${ref.perturbations.length} re-takes; ` +
      `refused ${ref.detection.refused} of ${ref.detection.of}; landmark shift median ${f(ref.landmarks.medianShiftPct)} %, ` +
      `max ${f(ref.landmarks.maxShiftPct)} % of the face width.`,
    '',
    `| score | between people (SD) | change (RMS) | max change | ${kinds.map((k) => `mean change: ${k}`).join(' | ')} | confidence |`,
    `|---|---|---|---|${kinds.map(() => '---|').join('')}---|`,
  );
  for (const [k, row] of Object.entries(ref.scores)) {
    lines.push(
      `| ${k} | ${f(row.betweenPeopleSd)} | ${f(row.rmsChange)} | ${f(row.maxAbsChange)} | ${kinds
        .map((kind) => f(row.byKind[kind] ?? NaN))
        .join(' | ')} | ${row.lowConfidence ? 'low' : 'normal'} |`,
    );
  }
  lines.push('', '| label | re-takes where it changed |', '|---|---|');
  for (const [k, v] of Object.entries(ref.labels)) lines.push(`| ${k} | ${v.changed} of ${v.of} |`);
  const changed = ref.reTakes.filter((t) => t.changedLabels?.length || t.refused);
  if (changed.length) {
    lines.push('', 'Re-takes that changed a label or were refused:', '');
    for (const t of changed)
      lines.push(
        `- ${t.portrait} ${t.perturbation}: ${t.refused ? `refused (${t.refused})` : t.changedLabels!.join(', ')}`,
      );
  }
  return `${lines.join('\n')}\n`;
}
