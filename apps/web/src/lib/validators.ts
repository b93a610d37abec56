/** Email pattern of spec §5: standard form, domain suffix of two or more letters. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;
/** Default maximum length of text inputs (spec §9). */
export const DEFAULT_MAX_LENGTH = 200;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** Empty per spec §5: [], {}, null, 'null', 'undefined', undefined and ''. */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value === '' || value === 'null' || value === 'undefined';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/** Mobile or landline number (spec §5 cooperation form). */
export function isPhone(value: string): boolean {
  return /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/.test(value.trim());
}
