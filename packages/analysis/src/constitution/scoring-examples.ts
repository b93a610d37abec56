import type { ConstitutionCode, Sex } from '@tcm/contract';
import { SCALES } from './questionnaire.js';

/** One worked example of scoring.md §5, parsed from its table. */
export interface WorkedExample {
  title: string;
  sex: Sex;
  rows: { code: ConstitutionCode; answers: number[]; raw: number; n: number; transformed: number; verdict: string }[];
}

const VERDICT_TEXT = ['基本是', '倾向是', '是', '否'] as const;

/** Parses the worked-example tables of scoring.md (markdown text) into answer vectors and expectations. */
export function parseWorkedExamples(markdown: string): WorkedExample[] {
  const sections = markdown
    .split(/^### /m)
    .slice(1)
    .filter((s) => s.startsWith('Example'));
  return sections.map((section) => {
    const title = section.split('\n')[0]!.trim();
    const sex: Sex = /\(female\)/.test(title) ? 'female' : 'male';
    const rows = section
      .split('\n')
      .filter((line) => /^\| [A-I] /.test(line))
      .map((line) => {
        const cells = line.split('|').map((c) => c.trim());
        const verdict = VERDICT_TEXT.find((v) => cells[7]!.includes(v));
        if (!verdict) throw new Error(`no verdict in: ${line}`);
        return {
          code: cells[1]![0] as ConstitutionCode,
          answers: cells[2]!.split(',').map(Number),
          raw: Number(cells[4]),
          n: Number(cells[5]),
          transformed: Number(cells[6]),
          verdict,
        };
      });
    return { title, sex, rows };
  });
}

/** Turns per-scale answer lists (item order of the standard) into an answers object keyed by item id. */
export function answersFromRows(
  sex: Sex,
  rows: readonly { code: ConstitutionCode; answers: readonly number[] }[],
): Record<string, number> {
  const answers: Record<string, number> = {};
  for (const row of rows) {
    const items = SCALES.find((s) => s.code === row.code)!.items.filter((i) => !i.sex || i.sex === sex);
    if (items.length !== row.answers.length)
      throw new Error(`scale ${row.code}: ${row.answers.length} answers for ${items.length} items`);
    items.forEach((item, k) => (answers[item.id] = row.answers[k]!));
  }
  return answers;
}
