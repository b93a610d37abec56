import { parseCsv } from './csv.js';
import type { Cell, Dataset, Variable } from './dataset.js';
import { researchError } from './errors.js';

const BINARY = new Set(['0', '1']);

/**
 * A CSV file as a dataset, for the command line (docs/research.md "Command line"): the header row
 * names the columns (each becomes a variable of that name); an empty cell is missing. A column
 * whose cells are all 0 or 1 is yes/no (binary), one whose cells are all numbers is numeric, any
 * other is categorical with its values as levels. The target column is the syndrome, the others
 * findings (what `relate` pairs by default).
 */
export function csvDataset(text: string, target?: string): { dataset: Dataset; columns: string[] } {
  const [header, ...body] = parseCsv(text);
  if (!header || body.length === 0) {
    throw researchError('empty_input', { en: 'The file has no header row and samples', zh: '文件没有表头或样本' });
  }
  const columns = header.map((c) => c.trim());
  const seen = new Set<string>();
  for (const c of columns) {
    if (c === '' || seen.has(c)) {
      throw researchError('bad_parameter', {
        en: `Every column needs a name of its own ("${c}")`,
        zh: `每一列都需要不重复的列名（“${c}”）`,
      });
    }
    seen.add(c);
  }
  if (target !== undefined && !seen.has(target)) {
    throw researchError('unknown_variable', { en: `No column "${target}"`, zh: `没有列“${target}”` });
  }
  const cells = body.map((r) => columns.map((_, j) => (r[j] ?? '').trim()));
  const variables: Variable[] = columns.map((key, j) => {
    const values = cells.map((r) => r[j] as string).filter((v) => v !== '');
    const kind = key === target ? 'syndrome' : 'finding';
    if (values.length > 0 && values.every((v) => BINARY.has(v))) return { key, type: 'binary', kind };
    if (values.length > 0 && values.every((v) => Number.isFinite(Number(v)))) return { key, type: 'numeric', kind };
    // A column with no value at all is numeric: it adds nothing and says so (no_data).
    if (values.length === 0) return { key, type: 'numeric', kind };
    return { key, type: 'categorical', kind };
  });
  const rows: Cell[][] = cells.map((r) =>
    r.map((v, j): Cell => {
      if (v === '') return null;
      const type = variables[j]?.type;
      return type === 'numeric' ? Number(v) : type === 'binary' ? v === '1' : v;
    }),
  );
  return { dataset: { variables, rows }, columns };
}
