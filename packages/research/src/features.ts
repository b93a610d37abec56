import {
  type Cell,
  type Dataset,
  type SampleRecord,
  checkDataset,
  getVariable,
  isMissing,
  isPresent,
  levelsOf,
  numericValue,
  variableIndex,
} from './dataset.js';
import { researchError } from './errors.js';

/** A dense samples × columns matrix, row-major, as every numeric routine here takes it. */
export interface Matrix {
  rows: number;
  cols: number;
  data: Float64Array;
}

export interface EncodedColumn {
  /** "age", "tongueColor=red". */
  name: string;
  variable: string;
  level: string | null;
  kind: 'numeric' | 'binary' | 'level';
  /** Value used where the variable is missing: the training mean (a proportion for 0/1 columns). */
  fill: number;
  /** Standardisation: (x − center) / scale; 0 and 1 when not standardised. */
  center: number;
  scale: number;
}

/**
 * How variables become numeric columns; fitted on training data and saved inside a model so new
 * samples are encoded the same way. Categorical variables become one 0/1 column per level.
 */
export interface FeatureEncoding {
  variables: string[];
  columns: EncodedColumn[];
}

export interface EncodedMatrix extends Matrix {
  columns: string[];
  /** For each column, the index of its variable in encoding.variables. */
  groups: number[];
}

export function matrixFromRows(rows: number[][]): Matrix {
  const cols = rows[0]?.length ?? 0;
  const data = new Float64Array(rows.length * cols);
  rows.forEach((r, i) => {
    if (r.length !== cols) {
      throw researchError(
        'ragged_rows',
        {
          en: `Row ${i + 1} has ${r.length} values, not ${cols}`,
          zh: `第 ${i + 1} 行有 ${r.length} 个值，应为 ${cols} 个`,
        },
        { row: i + 1 },
      );
    }
    data.set(r, i * cols);
  });
  return { rows: rows.length, cols, data };
}

function cellValue(column: EncodedColumn, cell: Cell): number {
  if (isMissing(cell)) return Number.NaN;
  if (column.kind === 'numeric') return numericValue(cell);
  if (column.kind === 'binary') return isPresent(cell) ? 1 : 0;
  return String(cell) === column.level ? 1 : 0;
}

/** Fits the encoding (levels, means, scales) on a dataset's samples. */
export function fitEncoding(
  dataset: Dataset,
  keys: string[],
  options: { standardize?: boolean } = {},
): FeatureEncoding {
  checkDataset(dataset);
  if (keys.length === 0) {
    throw researchError('empty_input', { en: 'Choose at least one variable', zh: '请至少选择一个变量' });
  }
  const columns: EncodedColumn[] = [];
  for (const key of keys) {
    const variable = getVariable(dataset, key);
    const col = variableIndex(dataset, key);
    const base = { variable: key, fill: 0, center: 0, scale: 1 };
    const made: EncodedColumn[] =
      variable.type === 'categorical'
        ? levelsOf(dataset, key).map((level) => ({ ...base, name: `${key}=${level}`, level, kind: 'level' }))
        : [{ ...base, name: key, level: null, kind: variable.type }];
    for (const column of made) {
      let sum = 0;
      let sumSq = 0;
      let count = 0;
      for (const row of dataset.rows) {
        const v = cellValue(column, row[col]);
        if (!Number.isFinite(v)) continue;
        sum += v;
        sumSq += v * v;
        count++;
      }
      const mean = count > 0 ? sum / count : 0;
      const sd = count > 1 ? Math.sqrt(Math.max(0, (sumSq - count * mean * mean) / (count - 1))) : 0;
      column.fill = mean;
      if (options.standardize) {
        column.center = mean;
        column.scale = sd > 1e-12 ? sd : 1;
      }
      columns.push(column);
    }
  }
  return { variables: [...keys], columns };
}

function encode(encoding: FeatureEncoding, n: number, get: (i: number, key: string) => Cell): EncodedMatrix {
  const cols = encoding.columns.length;
  const data = new Float64Array(n * cols);
  for (let i = 0; i < n; i++) {
    encoding.columns.forEach((column, j) => {
      const v = cellValue(column, get(i, column.variable));
      data[i * cols + j] = ((Number.isFinite(v) ? v : column.fill) - column.center) / column.scale;
    });
  }
  const groups = encoding.columns.map((c) => encoding.variables.indexOf(c.variable));
  return { rows: n, cols, data, columns: encoding.columns.map((c) => c.name), groups };
}

export function encodeDataset(encoding: FeatureEncoding, dataset: Dataset): EncodedMatrix {
  const index = new Map(encoding.variables.map((k) => [k, variableIndex(dataset, k)]));
  return encode(encoding, dataset.rows.length, (i, key) => dataset.rows[i]?.[index.get(key) as number]);
}

/** New samples keyed by variable; a variable left out counts as missing (filled). */
export function encodeRecords(encoding: FeatureEncoding, records: SampleRecord[]): EncodedMatrix {
  return encode(encoding, records.length, (i, key) => records[i]?.[key]);
}

/** Rows `indices` of a matrix, as a new matrix. */
export function takeRows<M extends Matrix>(m: M, indices: ArrayLike<number>): M {
  const data = new Float64Array(indices.length * m.cols);
  for (let i = 0; i < indices.length; i++) {
    const r = indices[i] as number;
    data.set(m.data.subarray(r * m.cols, (r + 1) * m.cols), i * m.cols);
  }
  return { ...m, rows: indices.length, data };
}
