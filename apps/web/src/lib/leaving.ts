/**
 * Whether the page is being left (reload, typed address, link out). Requests in flight are then
 * aborted by the browser; such an abort is not a failed info fetch and must not sign the user
 * out (pressing F5 right after signing in did exactly that). Cleared when the page stays.
 */
let leaving = false;
let timer: ReturnType<typeof setTimeout> | undefined;

export function markLeaving(): void {
  leaving = true;
  clearTimeout(timer);
  // A cancelled unload (or a download link) leaves the page in place: forget it soon after.
  timer = setTimeout(() => (leaving = false), 3000);
}

export const pageLeaving = (): boolean => leaving;

if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', markLeaving);
  window.addEventListener('pagehide', markLeaving);
  window.addEventListener('pageshow', () => (leaving = false));
}
