import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { clinicDay, datedFileName } from '@tcm/contract';
import { entryName } from './reports-zip.js';

// Export file names carry the clinic's day (issue 32 item 6): from 00:00 to 08:00 in the clinic
// (UTC+8) the UTC date is still yesterday, and a file exported then was named a day early.

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../../..');

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

describe("export file names on the clinic's day", () => {
  // 2026-12-01 20:30 UTC is 2026-12-02 04:30 in the clinic.
  const lateUtc = new Date('2026-12-01T20:30:00Z');

  it('names a dated export and a report inside the zip by the clinic day, not the UTC date', () => {
    expect(datedFileName('cases', 'xlsx', lateUtc)).toBe('cases-2026-12-02.xlsx');
    expect(datedFileName('reports', 'zip', '2026-12-01T15:59:59Z')).toBe('reports-2026-12-01.zip');
    expect(entryName({ id: 'abcdef0123', createdAt: lateUtc, personName: '张三' })).toBe(
      '2026-12-02_张三_abcdef01.pdf',
    );
  });

  it('builds no "today" from the UTC date anywhere in the server or the web app', () => {
    // UTC "today" is never the clinic's day; every dated name goes through clinicDay().
    const utcToday = /new Date\(\)\.toISOString\(\)\.(slice|substring)\(0,\s*10\)/;
    const found = ['apps/server/src', 'apps/web/src']
      .flatMap((d) => sources(join(root, d)))
      .filter((p) => utcToday.test(readFileSync(p, 'utf8')))
      .map((p) => relative(root, p));
    expect(found).toEqual([]);
    expect(clinicDay(lateUtc)).toBe('2026-12-02');
  });
});
