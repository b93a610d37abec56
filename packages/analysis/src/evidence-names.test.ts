import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EVIDENCE_MEASURES } from '@tcm/contract';
import { analyzeFace } from './face/analyze.js';
import { analyzePulse, readPulseFile } from './pulse/index.js';
import { analyzeTongue } from './tongue/analyze.js';
import { readPhoto, validationIds } from './tongue/test-data.js';
import { analyzeVoice } from './voice/index.js';

// People read evidence by name (web and PDF): every identifier an engine writes as evidence must
// have a zh and en name in the contract, or it would be shown raw.
const DATA = new URL('../../../../shared/data/', import.meta.url);
const data = (p: string) => new Uint8Array(readFileSync(new URL(p, DATA)));

/** Keys of every `evidence` object (record form) and `measure` of every evidence item, anywhere in a result. */
function evidenceKeys(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => evidenceKeys(v, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (k === 'evidence' && v && typeof v === 'object' && !Array.isArray(v))
        Object.keys(v).forEach((x) => out.add(x));
      else if (k === 'measure' && typeof v === 'string') out.add(v);
      else evidenceKeys(v, out);
    }
  return out;
}

describe('evidence names', () => {
  it('covers what the tongue, face, pulse and voice engines cite', async () => {
    const keys = new Set<string>();
    for (const id of validationIds().slice(0, 3)) evidenceKeys((await analyzeTongue(await readPhoto(id))).result, keys);
    evidenceKeys((await analyzeFace(data('face/02-woman.jpg'))).result, keys);
    evidenceKeys(analyzePulse(readPulseFile(data('pulse/bidmc01.csv'), 'bidmc01.csv', { column: 'PLETH' })), keys);
    evidenceKeys(analyzeVoice(data('voice/sustained-a-118hz.wav')), keys);
    expect(keys.size).toBeGreaterThan(40);
    expect([...keys].filter((k) => !EVIDENCE_MEASURES[k])).toEqual([]);
  }, 60000);
});
