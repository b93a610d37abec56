import { TRAINING_CHOICES, TRAINING_FEATURES, type TrainingFeature, type TrainingKey } from '@tcm/contract';

/**
 * Label tables the question-bank import reads (docs/training.md "Label tables"): tab-separated,
 * a header line, the photo id (file name without extension) in the first column. Two layouts:
 *
 * - TonguExpert (`../shared/data/tongue/labels-manual.tsv`): `labels_tai` coating color,
 *   `labels_zhi` body color light/regular/dark, `labels_fissure` and `labels_tooth_mk`
 *   light/severe, `NA` = not labelled;
 * - the vocabulary's own: columns named by feature (`bodyColor`, `coatingColor`,
 *   `coatingThickness`, `cracks`, `toothMarks`), values vocabulary label ids, several accepted
 *   ones joined by `|`, empty = not scored.
 */
export interface LabelRow {
  ref: string;
  key: TrainingKey;
}
export interface LabelTable {
  rows: LabelRow[];
  skipped: Array<{ ref: string; reason: string }>;
}

/**
 * TonguExpert body color is coarser than ours: "dark" = darker than light red, which the
 * vocabulary splits into red, crimson and purple (docs/tongue-features.md reads it the same way).
 */
const EXPERT_BODY: Record<string, string[]> = {
  light: ['pale'],
  regular: ['light_red'],
  dark: ['red', 'crimson', 'purple'],
};
const EXPERT_COLUMNS: Record<string, TrainingFeature> = {
  labels_tai: 'coatingColor',
  labels_zhi: 'bodyColor',
  labels_fissure: 'cracks',
  labels_tooth_mk: 'toothMarks',
};
/**
 * The expert marked only the cracks and tooth marks they saw, so NA there reads as "none", as
 * the tongue engine's training and evaluation read it (docs/tongue-features.md "NA for cracks").
 */
const NA_MEANS_NONE = new Set<TrainingFeature>(['cracks', 'toothMarks']);

const isNa = (v: string) => v === '' || v === 'NA' || v === 'NaN';

/** The accepted labels of one cell, or an error text naming the bad value. */
function cellLabels(feature: TrainingFeature, raw: string, expert: boolean): string[] | undefined | string {
  const v = raw.trim();
  if (isNa(v)) return expert && NA_MEANS_NONE.has(feature) ? ['none'] : undefined;
  const values = expert && feature === 'bodyColor' ? EXPERT_BODY[v] : v.split('|').map((s) => s.trim());
  const choices = TRAINING_CHOICES[feature];
  if (!values || values.some((x) => !choices.includes(x))) return `${feature}: ${v}`;
  return [...new Set(values)];
}

/** Parses a label table; null when it has no header with an id column and a known feature column. */
export function parseLabelTable(text: string): LabelTable | null {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  const header = lines[0]?.split('\t').map((h) => h.trim());
  if (!header || header.length < 2) return null;
  const expert = header.some((h) => h in EXPERT_COLUMNS);
  const columns = header.map((h): TrainingFeature | undefined =>
    expert
      ? EXPERT_COLUMNS[h]
      : (TRAINING_FEATURES as readonly string[]).includes(h)
        ? (h as TrainingFeature)
        : undefined,
  );
  if (!columns.some(Boolean)) return null;
  const table: LabelTable = { rows: [], skipped: [] };
  for (const line of lines.slice(1)) {
    const cells = line.split('\t');
    const ref = cells[0]!.trim();
    if (!ref) continue;
    const key: Record<string, string[]> = {};
    let bad: string | undefined;
    columns.forEach((f, i) => {
      if (!f || i === 0) return;
      const got = cellLabels(f, cells[i] ?? '', expert);
      if (typeof got === 'string') bad ??= got;
      else if (got) key[f] = got;
    });
    if (bad) table.skipped.push({ ref, reason: `unknown label ${bad}` });
    else if (!Object.keys(key).length) table.skipped.push({ ref, reason: 'no label' });
    else table.rows.push({ ref, key });
  }
  return table;
}
