import type { FormInstance, Rule } from 'antd/es/form';
import type { z } from 'zod';
import {
  HTTP_ERRORS,
  fieldMessages,
  issueText,
  queryCondition,
  type FieldMessage,
  type IssueLike,
  readerLang,
  type ReaderLang,
} from '@tcm/contract';
import { useTranslation } from 'react-i18next';
import { HttpError } from './http.js';

// A form's rules from the contract's schema of its request, worded by the contract's
// validation-text.ts (issue 32 item 2): the words under a field are the words the server would
// answer, in the reader's language, and never antd's or zod's own text.

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional / nullable / default / pipe wrappers. */
function core(s: z.ZodType): z.ZodType {
  const d = defOf(s);
  if (d.innerType) return core(d.innerType);
  if (d.type === 'pipe' && d.in) return core(d.in);
  return s;
}

/** A text field's maximum length from its schema (`max(n)`), for `maxLength` on the input. */
export function maxLengthOf(s: z.ZodType): number | undefined {
  const c = core(s) as z.ZodString;
  return defOf(c).type === 'string' && typeof c.maxLength === 'number' ? c.maxLength : undefined;
}

/** Input props from a text field's schema: the maximum enforced as people type, with a counter. */
export const textProps = (s: z.ZodType) => {
  const maxLength = maxLengthOf(s);
  return maxLength === undefined ? {} : { maxLength, showCount: true };
};

/**
 * The antd rule of one field: the field's schema checks the value (a blank value as missing), the
 * contract words the first problem. A required field's asterisk comes from `Form.Item required`,
 * not from the rule, so that antd's own "please enter" text never speaks instead of the contract.
 */
export function schemaRule(s: z.ZodType, lang: ReaderLang, field: string): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const blank = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
      // A blank field is sent as absent or null (forms send `|| null`): either passing is enough.
      if (blank && s.safeParse(null).success) return;
      const r = s.safeParse(blank ? undefined : value);
      if (r.success) return;
      // Parsed alone, the issue has no path; the field's key gives it its format hint (phone…).
      const issue = r.error.issues[0] as unknown as IssueLike;
      throw new Error(issueText({ ...issue, path: [field, ...issue.path] }, lang, value));
    },
  };
}

/** Marks every field a list of field messages names (the form's own fields only). */
export function markFields<V>(form: FormInstance<V>, fields: readonly FieldMessage[]): void {
  form.setFields(
    fields.filter((f) => f.path.length > 0).map((f) => ({ name: f.path, errors: [f.message] })) as Parameters<
      FormInstance<V>['setFields']
    >[0],
  );
}

/**
 * Checks the whole request with its schema (cross-field rules included) and marks every field
 * at once; true when it passes.
 */
export function checkWithSchema<V>(form: FormInstance<V>, s: z.ZodType, value: unknown, lang: ReaderLang): boolean {
  const r = s.safeParse(value);
  if (r.success) return true;
  markFields(form, fieldMessages(r.error.issues as unknown as IssueLike[], lang, value));
  return false;
}

/** Marks the fields a server's 400 answer names (`data.fields`); false when it named none. */
export function markServerFields<V>(form: FormInstance<V>, e: unknown): boolean {
  if (!(e instanceof HttpError) || e.code !== HTTP_ERRORS.VALIDATION.code) return false;
  const fields = (e.data as { fields?: FieldMessage[] } | null)?.fields ?? [];
  markFields(form, fields);
  return fields.length > 0;
}

/**
 * A form's rules and text-input props by field from its request schema's shape, in the page's
 * language: `rules('name')` for `Form.Item rules`, `text('name')` for the input (maximum length
 * enforced as people type, with a counter). Every form with a contract schema uses this (issue 32
 * item 2; `forms-follow-schemas.test.ts` keeps hand-written rules out).
 */
export function useSchemaRules<S extends Record<string, z.ZodType>>(shape: S) {
  const { i18n } = useTranslation();
  const lang = readerLang(i18n.language);
  const rules = (field: keyof S & string): Rule[] => [schemaRule(shape[field]!, lang, field)];
  const text = (field: keyof S & string) => textProps(shape[field]!);
  return {
    lang,
    rules,
    text,
    /**
     * A text field's name, rules and input props at once (`SchemaInput`'s `field`); `more` are the
     * checks its schema cannot make (a new password unlike the login name).
     */
    field: (field: keyof S & string, ...more: Rule[]): SchemaField => ({
      name: field,
      rules: [...rules(field), ...more],
      input: text(field),
    }),
  };
}

/** One text field of a schema-checked form: its item's name and rules, its input's length props. */
export interface SchemaField {
  name: string;
  rules: Rule[];
  input: ReturnType<typeof textProps>;
}

/** A repeat field (password confirmation): equal to `field`, else `message` (the form's own words). */
export const sameAsRule =
  (field: string, message: string): Rule =>
  ({ getFieldValue }) => ({
    validator: async (_r, value: unknown) => {
      if (value && value !== getFieldValue(field)) throw new Error(message);
    },
  });

/** A search term becomes a query condition's value: its schema's maximum (inputs without a counter). */
export const SEARCH_MAX = maxLengthOf(queryCondition.shape.value.options[0]);
