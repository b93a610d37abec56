// Issue 32 item 7: the medical-record viewer frames its PDF from a blob: address; only that page's
// document may (frame-src blob:), every other page keeps the app-wide policy.
import { describe, expect, it } from 'vitest';
import { useWebApp } from '../test/suite.js';
import { withBlobFrames } from './pdf-viewer-csp.js';

const t = useWebApp({ 'index.html': '<!doctype html><html><head><title>spa</title></head><body></body></html>' });

const policy = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return String(res.headers['content-security-policy']);
};
const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe('content security policy of the medical-record viewer', () => {
  it('the viewer page alone allows blob: frames; everything else of the policy stays', async () => {
    const viewer = await policy('/pc/doctor/archive/showMedicalRecordPdf/0f8fad5b-d9cb-469f-a165-70867728950e');
    const other = await policy('/pc/doctor/archive/review/0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(directive(viewer, 'frame-src')).toBe('frame-src blob:');
    expect(directive(other, 'frame-src')).toBeUndefined();
    // Nothing else widened: the same directives, the frame one added.
    expect(viewer.split(';').filter((d) => !d.startsWith('frame-src'))).toEqual(other.split(';'));
    expect(directive(viewer, 'object-src')).toBe("object-src 'none'");
    expect(directive(viewer, 'default-src')).toBe("default-src 'self'");
    // Other archive pages, a deeper path or a look-alike do not get it.
    for (const url of [
      '/pc/doctor/archive/showMedicalRecordPdf/a/b',
      '/pc/doctor/archive/showMedicalRecordPdfX/a',
      '/pc/doctor/home',
    ])
      expect(directive(await policy(url), 'frame-src'), url).toBeUndefined();
  });

  it('replaces a frame-src already there rather than adding a second one', () => {
    expect(withBlobFrames("default-src 'self';frame-src 'none';img-src 'self'")).toBe(
      "default-src 'self';img-src 'self';frame-src blob:",
    );
  });
});
