// Validation problems worded for people (issue 32, item 2). Every web form and every 400 answer
// of the server words a zod issue through this one file, in the reader's language. The text is
// built from the issue's kind and bounds only, never from zod's own message: that message is
// English, and a schema's own message may be a regex hint ('phone number') or a field path.
import { fieldLabel } from './field-labels.js';
import type { ReaderLang } from './reader-format.js';

/** One zod issue as this file reads it (zod's issue, or one rebuilt from a framework's copy). */
export interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  origin?: string;
  format?: string;
  expected?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  divisor?: number | bigint;
  params?: Record<string, unknown>;
}

/** One field's problem: where (for a form to mark the field; never shown), the field's word and the rule. */
export interface FieldMessage {
  path: (string | number)[];
  /** The field's word, when the label table knows it. */
  label: string | null;
  /** The rule, without the field's word (a form shows it under the field). */
  message: string;
}

type Text = { zh: string; en: string };

/**
 * Rules a schema states in `superRefine`: the custom issue carries its words in `params`
 * (`ruleParams`), so the server and a form say the same.
 */
export const FORM_RULES = {
  BIRTH_DATE_FUTURE: { zh: '出生日期不能晚于今天', en: 'The date of birth cannot be in the future' },
  AGE_OVER_120: {
    zh: '年龄不能超过 120 岁，请核对出生日期',
    en: 'Age cannot exceed 120 years; check the date of birth',
  },
  DATE_INVALID: { zh: '请输入存在的日期（如 2026-01-31）', en: 'Enter a real date, e.g. 2026-01-31' },
  PREGNANT_NOT_FEMALE: {
    zh: '只有女性患者可以标记为妊娠',
    en: 'Only a female patient can be marked pregnant',
  },
  FORM_EMPTY: {
    zh: '问诊单还没有任何回答，不能提交',
    en: 'The form has no answers yet and cannot be submitted',
  },
  NOT_ACCEPTED: { zh: '此项的值不被接受', en: 'This value is not accepted' },
} as const satisfies Record<string, Text>;

/** `params` of a custom issue that words itself: `ctx.addIssue({ code: 'custom', path, message: t.en, params: ruleParams(t) })`. */
export const ruleParams = (t: Text & { code?: number }) => ({
  zh: t.zh,
  en: t.en,
  ...(t.code ? { code: t.code } : {}),
});

/** Format hints of fields whose rule is a pattern: the reader is told the shape, never the pattern. */
const FORMAT_HINTS: Record<string, Text> = {
  phone: {
    zh: '请输入正确的电话号码（5 到 20 位数字，可含空格、短横线或开头的 +）',
    en: 'Enter a telephone number of 5 to 20 digits (spaces, dashes and a leading + allowed)',
  },
  idNumber: { zh: '证件号应为 6 到 32 位字母或数字', en: 'The ID number must be 6 to 32 letters or digits' },
  email: { zh: '请输入正确的邮箱地址', en: 'Enter a valid email address' },
  scene: { zh: '二维码无效或已过期，请重新扫码', en: 'The QR code is not valid or has expired; scan it again' },
  id: {
    zh: '标识只能含字母、数字、_ 或 -，并以字母开头',
    en: 'An identifier may hold letters, digits, _ or -, and starts with a letter',
  },
};
/** Fields written as yyyy-MM-dd. */
const DATE_FIELDS = /date$|Date$|^day$|^from$|^to$/;

const DATE_HINT: Text = { zh: '请输入正确的日期（如 2026-01-31）', en: 'Enter a date such as 2026-01-31' };
const GENERIC_FORMAT: Text = { zh: '格式不正确', en: 'The format is not valid' };

const num = (n: number | bigint | undefined) => String(n ?? '');

function lastKey(path: readonly PropertyKey[]): string | null {
  for (let i = path.length - 1; i >= 0; i--) if (typeof path[i] === 'string') return path[i] as string;
  return null;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** What a bound counts: characters of a text, items of a list, else a quantity. */
const boundKind = (origin: string | undefined) =>
  origin === 'string' ? 'text' : origin === 'array' || origin === 'set' ? 'list' : 'quantity';

function tooSmall(i: IssueLike, lang: ReaderLang): string {
  const n = num(i.minimum);
  const zh = lang === 'zh';
  const kind = boundKind(i.origin);
  if (kind === 'text') {
    if (Number(i.minimum) <= 1) return zh ? '不能为空' : 'This field is required';
    return zh ? `至少 ${n} 个字符` : `Enter at least ${n} characters`;
  }
  if (kind === 'list') {
    if (Number(i.minimum) <= 1) return zh ? '至少填写或选择一项' : 'Add or choose at least one';
    return zh ? `至少 ${n} 项` : `At least ${n} items`;
  }
  if (i.inclusive === false) return zh ? `必须大于 ${n}` : `Must be more than ${n}`;
  return zh ? `不能小于 ${n}` : `Must be at least ${n}`;
}

function tooBig(i: IssueLike, lang: ReaderLang): string {
  const n = num(i.maximum);
  const zh = lang === 'zh';
  const kind = boundKind(i.origin);
  if (kind === 'text') return zh ? `不能超过 ${n} 个字符` : `At most ${n} characters`;
  if (kind === 'list') return zh ? `最多 ${n} 项` : `At most ${n} items`;
  if (i.inclusive === false) return zh ? `必须小于 ${n}` : `Must be less than ${n}`;
  return zh ? `不能大于 ${n}` : `Must be at most ${n}`;
}

/** What a value of the wrong kind should have been, by zod's `expected`. */
const EXPECTED: Record<string, Text> = {
  number: { zh: '请输入数字', en: 'Enter a number' },
  bigint: { zh: '请输入数字', en: 'Enter a number' },
  int: { zh: '请输入整数', en: 'Enter a whole number' },
  boolean: { zh: '请选择是或否', en: 'Choose yes or no' },
  array: { zh: '请从列表中填写或选择', en: 'Choose or add items from the list' },
  set: { zh: '请从列表中填写或选择', en: 'Choose or add items from the list' },
};

function wrongType(i: IssueLike, lang: ReaderLang): string {
  if (i.expected === 'date') return DATE_HINT[lang];
  return (i.expected !== undefined ? EXPECTED[i.expected] : undefined)?.[lang] ?? GENERIC_FORMAT[lang];
}

function badFormat(i: IssueLike, lang: ReaderLang): string {
  const key = lastKey(i.path);
  if (i.format === 'uuid' || i.format === 'guid')
    return lang === 'zh' ? '所选项无效，请重新选择' : 'The chosen item is not valid; choose again';
  if (key && FORMAT_HINTS[key]) return FORMAT_HINTS[key][lang];
  if (i.format === 'email') return FORMAT_HINTS.email![lang];
  if (i.format === 'date' || i.format === 'datetime' || (key !== null && DATE_FIELDS.test(key))) return DATE_HINT[lang];
  if (i.format === 'url') return lang === 'zh' ? '请输入正确的网址' : 'Enter a valid web address';
  return GENERIC_FORMAT[lang];
}

function customText(i: IssueLike, lang: ReaderLang): string {
  const own = i.params?.[lang];
  return typeof own === 'string' && own ? own : FORM_RULES.NOT_ACCEPTED[lang];
}

/**
 * The rule an issue breaks, in the reader's language, without the field's word. `value` is the
 * field's value when the caller has it: a missing value reads "required" rather than "wrong type".
 */
export function issueText(issue: IssueLike, lang: ReaderLang, value?: unknown): string {
  const zh = lang === 'zh';
  switch (issue.code) {
    case 'invalid_type':
      return isBlank(value) ? (zh ? '请填写此项' : 'This field is required') : wrongType(issue, lang);
    case 'too_small':
      return tooSmall(issue, lang);
    case 'too_big':
      return tooBig(issue, lang);
    case 'invalid_format':
      return badFormat(issue, lang);
    case 'not_multiple_of':
      return zh ? `必须是 ${num(issue.divisor)} 的整数倍` : `Must be a multiple of ${num(issue.divisor)}`;
    case 'invalid_value':
      return zh ? '请从给定选项中选择' : 'Choose one of the given options';
    case 'unrecognized_keys':
      return zh ? '包含不支持的项' : 'Contains an item that is not supported';
    case 'custom':
      return customText(issue, lang);
    default:
      // invalid_union, invalid_key, invalid_element and any code a zod upgrade adds.
      return GENERIC_FORMAT[lang];
  }
}

/** The value at `path` inside `input` (undefined where the path leaves it). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let cur = input;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

/** Every issue as a field message (one per field: the first issue of a field wins). */
export function fieldMessages(issues: readonly IssueLike[], lang: ReaderLang, input?: unknown): FieldMessage[] {
  const seen = new Set<string>();
  const out: FieldMessage[] = [];
  for (const issue of issues) {
    const path = issue.path.filter((k): k is string | number => typeof k !== 'symbol');
    const key = JSON.stringify(path);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ path, label: fieldLabel(path, lang), message: issueText(issue, lang, valueAt(input, path)) });
  }
  return out;
}

/** One line for a toast or the envelope's msg: "出生日期：不能晚于今天；电话：…". */
export function validationSummary(messages: readonly FieldMessage[], lang: ReaderLang): string {
  const sep = lang === 'zh' ? '；' : '; ';
  const colon = lang === 'zh' ? '：' : ': ';
  // A rule that already names its field ("出生日期不能晚于今天") is not prefixed with the name again.
  const line = (m: FieldMessage) =>
    m.label && !m.message.toLowerCase().includes(m.label.toLowerCase()) ? `${m.label}${colon}${m.message}` : m.message;
  const parts = [...new Set(messages.map(line))];
  return parts.join(sep);
}

/** A failed parse worded for the reader: its field messages and the one-line summary. */
export function describeZodError(error: { issues: readonly IssueLike[] }, lang: ReaderLang, input?: unknown) {
  const fields = fieldMessages(error.issues, lang, input);
  return { fields, summary: validationSummary(fields, lang) };
}
