import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { en } from './locales/en.js';
import { zh } from './locales/zh.js';
import { recordEn } from './locales/record-en.js';
import { recordZh } from './locales/record-zh.js';
import { memberEn } from './locales/member-en.js';
import { memberZh } from './locales/member-zh.js';
import { archiveEn } from './locales/archive-en.js';
import { archiveZh } from './locales/archive-zh.js';
import { diseaseEn } from './locales/disease-en.js';
import { diseaseZh } from './locales/disease-zh.js';
import { trainingEn } from './locales/training-en.js';
import { trainingZh } from './locales/training-zh.js';
import { displayEn } from './locales/display-en.js';
import { displayZh } from './locales/display-zh.js';
import { researchEn } from './locales/research-en.js';
import { researchZh } from './locales/research-zh.js';
import { homeEn } from './locales/home-en.js';
import { homeZh } from './locales/home-zh.js';
import { editorToolsEn } from './locales/editor-tools-en.js';
import { editorToolsZh } from './locales/editor-tools-zh.js';
import { onDeviceEn, onDeviceZh } from '../areas/site/detection/on-device/texts.js';
import { i18n, setLanguage } from './i18n.js';

function flatten(o: object, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(o)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
    else out.set(key, v);
  }
  return out;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(f) && !f.endsWith('.test.ts') && !f.endsWith('.test.tsx') ? [p] : [];
  });
}

describe('i18n', () => {
  // The main job's and the member area's texts are registered by their lazy chunks
  // (record/texts.ts, areas/member/texts.ts, the doctor area's archive texts), checked here too.
  const z = flatten({
    ...zh,
    record: recordZh,
    member: memberZh,
    archive: archiveZh,
    disease: diseaseZh,
    training: trainingZh,
    display: displayZh,
    research: researchZh,
    home: homeZh,
    editorTools: editorToolsZh,
    onDevice: onDeviceZh,
  });
  const e = flatten({
    ...en,
    record: recordEn,
    member: memberEn,
    archive: archiveEn,
    disease: diseaseEn,
    training: trainingEn,
    display: displayEn,
    research: researchEn,
    home: homeEn,
    editorTools: editorToolsEn,
    onDevice: onDeviceEn,
  });

  it('has every key in both zh and en, none empty', () => {
    expect([...z.keys()].filter((k) => !e.has(k))).toEqual([]);
    expect([...e.keys()].filter((k) => !z.has(k))).toEqual([]);
    for (const [k, v] of [...z, ...e]) expect(typeof v === 'string' && v.length > 0, k).toBe(true);
  });

  it('knows every literal key used with t() in the sources', () => {
    // jsdom gives import.meta.url an http: address, so find the sources from the working folder.
    const root = [join(process.cwd(), 'apps/web/src'), join(process.cwd(), 'src')].find((p) =>
      existsSync(join(p, 'lib/i18n.ts')),
    )!;
    const used = new Set<string>();
    for (const f of sources(root)) {
      for (const m of readFileSync(f, 'utf8').matchAll(/\bt\(\s*'([A-Za-z]+\.[A-Za-z0-9.]+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((k) => !z.has(k))).toEqual([]);
  });

  it('defaults to zh and switches to en', async () => {
    expect(i18n.t('app.logout')).toBe('退出登录');
    await setLanguage('en');
    expect(i18n.t('app.logout')).toBe('Sign out');
    expect(document.cookie).toContain('language=en');
    await setLanguage('zh');
  });
});
