import { researchError } from './errors.js';

/**
 * The one input shape of the package: a samples × variables table plus its variable dictionary,
 * exactly what a data pool holds. Rows are arrays in dictionary order, so a pool of 100k samples
 * costs no per-row object keys.
 */
export type VariableType = 'binary' | 'categorical' | 'numeric';

/** What a variable describes; `finding` and `syndrome` pick the defaults of `associate`. */
export type VariableKind = 'finding' | 'syndrome' | 'herb' | 'vital' | 'constitution' | 'demographic' | 'other';

export interface Variable {
  key: string;
  type: VariableType;
  kind?: VariableKind;
  /** For categorical variables: the levels in display order (values not listed are refused). */
  levels?: string[];
}

/**
 * A cell: binary variables hold true/false or 1/0; categorical ones a level (string); numeric
 * ones a finite number. null (or undefined, NaN) is missing.
 */
export type Cell = number | string | boolean | null | undefined;

export interface Dataset {
  variables: Variable[];
  rows: Cell[][];
}

/** A sample to predict, keyed by variable key (what a form or an uploaded file gives). */
export type SampleRecord = Record<string, Cell>;

export function isMissing(cell: Cell): boolean {
  return cell === null || cell === undefined || (typeof cell === 'number' && Number.isNaN(cell));
}

/** Binary presence: true or 1 (also '1', 'true' from a text file); absent otherwise. */
export function isPresent(cell: Cell): boolean {
  return cell === true || cell === 1 || cell === '1' || cell === 'true';
}

export function numericValue(cell: Cell): number {
  if (typeof cell === 'number') return cell;
  if (typeof cell === 'boolean') return cell ? 1 : 0;
  if (typeof cell === 'string' && cell.trim() !== '') return Number(cell);
  return Number.NaN;
}

export function variableIndex(dataset: Dataset, key: string): number {
  const i = dataset.variables.findIndex((v) => v.key === key);
  if (i < 0) {
    throw researchError(
      'unknown_variable',
      { en: `Unknown variable "${key}"`, zh: `未知变量“${key}”` },
      { variable: key },
    );
  }
  return i;
}

export function getVariable(dataset: Dataset, key: string): Variable {
  return dataset.variables[variableIndex(dataset, key)] as Variable;
}

export function requireType(variable: Variable, types: VariableType[]): void {
  if (!types.includes(variable.type)) {
    throw researchError(
      'wrong_variable_type',
      {
        en: `Variable "${variable.key}" is ${variable.type}; expected ${types.join(' or ')}`,
        zh: `变量“${variable.key}”的类型为 ${variable.type}，此处需要 ${types.join(' 或 ')}`,
      },
      { variable: variable.key, type: variable.type, expected: types },
    );
  }
}

/** Levels of a categorical variable: the dictionary's, else those seen, sorted. */
export function levelsOf(dataset: Dataset, key: string): string[] {
  const variable = getVariable(dataset, key);
  if (variable.levels && variable.levels.length > 0) return [...variable.levels];
  const col = variableIndex(dataset, key);
  const seen = new Set<string>();
  for (const row of dataset.rows) {
    const cell = row[col];
    if (!isMissing(cell)) seen.add(String(cell));
  }
  return [...seen].sort();
}

/** Every row has one cell per variable; refuses anything else before any computation. */
export function checkDataset(dataset: Dataset): void {
  const width = dataset.variables.length;
  dataset.rows.forEach((row, i) => {
    if (row.length !== width) {
      throw researchError(
        'ragged_rows',
        {
          en: `Row ${i + 1} has ${row.length} cells; the dictionary has ${width} variables`,
          zh: `第 ${i + 1} 行有 ${row.length} 个值，变量字典有 ${width} 个变量`,
        },
        { row: i + 1, cells: row.length, variables: width },
      );
    }
  });
}
