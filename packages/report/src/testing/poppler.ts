import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

/** Installs Debian's poppler-utils when pdftotext is missing (tests only; needs apt). */
export function ensurePoppler(): void {
  if (has('pdftotext') && has('pdffonts') && has('pdfinfo') && has('pdfimages')) return;
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args: string[]) =>
    execFileSync(sudo[0] ?? args[0]!, sudo.length ? args : args.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'poppler-utils']);
}

const dir = mkdtempSync(join(tmpdir(), 'tcm-report-'));
let n = 0;

/** Writes PDF bytes to a temp file and returns its path. */
export function saveTemp(pdf: Uint8Array): string {
  const file = join(dir, `r${n++}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

/** What poppler reads from a PDF: text, fonts (name, embedded?), page count, image count. */
export function inspectPdf(pdf: Uint8Array) {
  const file = saveTemp(pdf);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  const fontLines = execFileSync('pdffonts', [file], { encoding: 'utf8' }).trim().split('\n').slice(2);
  // Columns: name, type words..., encoding, emb, sub, uni, object, id: read them from the right.
  const fonts = fontLines.map((l) => {
    const parts = l.trim().split(/\s+/);
    return {
      name: parts[0]!,
      embedded: parts[parts.length - 5] === 'yes',
      subset: parts[parts.length - 4] === 'yes',
      unicode: parts[parts.length - 3] === 'yes',
    };
  });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .slice(2)
    .filter((l) => /\bimage\b/.test(l)).length;
  return { file, text, fonts, pages, images };
}

/** Every word's box on every page (pt, origin top-left), from `pdftotext -bbox`. */
export function wordBoxes(
  file: string,
): { page: number; word: string; xMin: number; yMin: number; xMax: number; yMax: number }[] {
  const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const out: ReturnType<typeof wordBoxes> = [];
  let page = 0;
  for (const m of html.matchAll(
    /<page |<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
  )) {
    if (m[0] === '<page ') page++;
    else
      out.push({ page, word: m[5]!, xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]) });
  }
  return out;
}
