// The detection page's offline side (docs/site.md "Offline at a kiosk"): the service worker
// (scripts/on-device-sw.mjs, production builds only) and the saves made with no network, kept in IndexedDB and
// uploaded when the network returns.
import type { DetectionKind } from '@tcm/contract';

const BASE = import.meta.env.BASE_URL;

/** How the page reloads into the new version; a seam for the unit test (jsdom cannot navigate). */
export const reloadPage = { now: (): void => window.location.reload() };

/**
 * Registers the service worker; `onUpdate` hears that a new version is installed and waiting (the
 * page offers to reload). The files this page loaded before the worker took over are kept too.
 */
export function registerOffline(onUpdate: (apply: () => void) => void): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
  const offer = (reg: ServiceWorkerRegistration) =>
    onUpdate(() => {
      sw.addEventListener('controllerchange', () => reloadPage.now(), { once: true });
      reg.waiting?.postMessage({ type: 'skip-waiting' });
    });
  sw.register(`${BASE}sw.js`, { scope: BASE })
    .then((reg) => {
      if (reg.waiting && sw.controller) offer(reg);
      reg.addEventListener('updatefound', () => {
        const w = reg.installing;
        w?.addEventListener('statechange', () => {
          if (w.state === 'installed' && sw.controller) offer(reg);
        });
      });
      return sw.ready;
    })
    .then((reg) => {
      const urls = performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((u) => u.startsWith(`${location.origin}${BASE}assets/`));
      reg.active?.postMessage({ type: 'keep', urls });
    })
    .catch(() => undefined);
}

interface PendingSave {
  id?: number;
  photo: Blob;
  name: string;
  kind: DetectionKind;
  lang: 'zh' | 'en';
  savedAt: string;
}

const DB = 'tcm-on-device';
const STORE = 'pending-saves';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB failed'));
  });
}

function run<T>(mode: IDBTransactionMode, op: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const req = op(db.transaction(STORE, mode).objectStore(STORE));
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error ?? new Error('IndexedDB failed'));
      }),
  );
}

/** Keeps a save made with no network (the photo with what the visitor chose). */
export function keepForLater(photo: File, kind: DetectionKind, lang: 'zh' | 'en'): Promise<unknown> {
  const item: PendingSave = { photo, name: photo.name, kind, lang, savedAt: new Date().toISOString() };
  return run('readwrite', (s) => s.add(item));
}

let flushing = false;

/**
 * Answers that mean "not now", not "never": the server busy (its queued-work limit per address, 429
 * 4003005, which a kiosk shares with everything behind its network), a timeout or a server fault.
 * The save stays kept and is tried again; only a refusal of the photo itself drops it.
 */
const notNow = (status: number) => status === 408 || status === 429 || status >= 500;

/**
 * Uploads the kept saves (oldest first), each removed once the server has it; answers how many
 * were sent and whether some still wait for a later try.
 */
export async function uploadKept(): Promise<{ sent: number; waiting: boolean }> {
  if (flushing || !navigator.onLine) return { sent: 0, waiting: false };
  flushing = true;
  let sent = 0;
  let waiting = false;
  try {
    const items = await run<PendingSave[]>('readonly', (s) => s.getAll() as IDBRequest<PendingSave[]>);
    // The record calls (50 KiB of script with the contract's schemas) only when a save waits:
    // this runs on every visit, and loading them each time cost every visitor (Lighthouse).
    if (items.length === 0) return { sent, waiting };
    const { createAsVisitor } = await import('../../../../record/record-api.js');
    for (const item of items) {
      try {
        await createAsVisitor(new File([item.photo], item.name, { type: item.photo.type }), item.kind, item.lang);
        sent++;
      } catch (e) {
        // No network (again) or the server busy: this one and the rest wait for the next try. A
        // refusal of the photo (it answered 4xx) would refuse again: that save is dropped.
        const status = (e as { status?: number | null }).status;
        if (!navigator.onLine || !status || notNow(status)) {
          waiting = true;
          break;
        }
      }
      await run('readwrite', (s) => s.delete(item.id!));
    }
  } catch {
    // IndexedDB unavailable (a private window): nothing was kept.
  } finally {
    flushing = false;
  }
  return { sent, waiting };
}

/** How long a save the server could not take now waits before the next try. */
const RETRY_MS = 15_000;

/** Uploads kept saves now, whenever the network returns, and again while the server cannot take them. */
export function uploadKeptWhenOnline(onSent: (n: number) => void): () => void {
  let retry: ReturnType<typeof setTimeout> | undefined;
  const go = () => {
    clearTimeout(retry);
    void uploadKept().then(({ sent, waiting }) => {
      if (sent) onSent(sent);
      // Online but not taken now: try again later (offline, the 'online' event will say when).
      if (waiting && navigator.onLine) retry = setTimeout(go, RETRY_MS);
    });
  };
  go();
  window.addEventListener('online', go);
  return () => {
    clearTimeout(retry);
    window.removeEventListener('online', go);
  };
}
