import type { HttpClient } from './http.js';

/** An option of a remote select: value and label, whatever the source's field names are. */
export interface SelectOption {
  value: string | number;
  label: string;
}

export interface OptionSource {
  url: string;
  /** GET by default; some sources want another method (spec §7 Select options). */
  method?: 'GET' | 'POST';
  params?: Record<string, string | number>;
  valueKey?: string;
  labelKey?: string;
}

/**
 * Loads select options from a configured URL; a code-0 response holds a list of items. A failed
 * load rejects after the client has toasted its message (spec §8 "Failed option loads show the
 * error message").
 */
export async function loadOptions(http: HttpClient, src: OptionSource): Promise<SelectOption[]> {
  const data = await http.request<unknown>(
    src.method ?? 'GET',
    src.url,
    src.method === 'POST' ? { body: src.params ?? {} } : { params: src.params },
  );
  const list = Array.isArray(data)
    ? data
    : Array.isArray((data as { list?: unknown })?.list)
      ? (data as { list: unknown[] }).list
      : [];
  const vk = src.valueKey ?? 'value';
  const lk = src.labelKey ?? 'label';
  return list
    .filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null)
    .filter((x) => typeof x[vk] === 'string' || typeof x[vk] === 'number')
    .map((x) => ({ value: x[vk] as string | number, label: String(x[lk] ?? x[vk]) }));
}

/**
 * Error text lookup of spec §8: the route's key, then the error-code key, then the column key;
 * the key itself when none has a text.
 */
export function lookupErrorText(
  has: (key: string) => boolean,
  t: (key: string) => string,
  keys: { route?: string; code?: string; column?: string },
): string {
  const order = [keys.route, keys.code, keys.column].filter((k): k is string => Boolean(k));
  const hit = order.find(has);
  return hit ? t(hit) : (order[0] ?? '');
}
