/**
 * The one page whose content security policy allows a frame from a `blob:` address: the in-app
 * medical-record viewer (`/doctor/archive/showMedicalRecordPdf/:id`, issue 32 item 7). It fetches
 * the PDF with the doctor's token and shows it in an iframe of an object URL; the app-wide policy
 * (`default-src 'self'`, no `frame-src`) blocks that frame, and the reader saw a grey box. Only
 * `frame-src blob:` is added, only on this page's document: measured in Chromium 156, the viewer
 * needs nothing more (`object-src 'none'` stays; the PDF viewer inside the frame is the browser's).
 * A blob: address can only be made by a script of this origin, so the page frames nothing that
 * the app's own scripts did not fetch. docs/security.md "Content security policy".
 */
const VIEWER_PATH = /^\/doctor\/archive\/showMedicalRecordPdf\/[^/]+$/;

export const isPdfViewerPage = (path: string) => VIEWER_PATH.test(path);

/** The app-wide policy with `frame-src blob:` added (replacing a `frame-src` already there). */
export function withBlobFrames(policy: string): string {
  const kept = policy
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && !/^frame-src\b/i.test(d));
  return [...kept, 'frame-src blob:'].join(';');
}
