import { currentLanguage } from './i18n.js';
import { getSession } from './session.js';

/** Fetches a file answer (PDF, xlsx) with the caller's token; refusals carry the envelope's msg. */
export async function fetchFile(url: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<Blob> {
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() === 'en' ? 'en' : 'zh-CN' };
  const token = getSession().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers,
    credentials: 'include',
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const type = res.headers.get('content-type') ?? '';
  // Our envelope is application/json; a FHIR export (application/fhir+json) is a file like a PDF.
  if (!res.ok || type.includes('application/json')) {
    const body = (await res.json().catch(() => null)) as { msg?: string } | null;
    throw new Error(body?.msg ?? `HTTP ${res.status}`);
  }
  return res.blob();
}
