import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { z } from 'zod';
import { caseAddBody, consoleTeamAddBody, teamCreateBody } from '@tcm/contract';
import { maxLengthOf, useSchemaRules } from './form-rules.js';

// Issue 32 item 2: every web form checks its fields with the contract schema of the request it
// sends (form-rules.ts), so the words under a field are the contract's, in the reader's language,
// and a maximum length is the schema's, enforced as people type. A lint-like scan of the sources
// is the check that cannot be dodged by a form nobody thought to render in a test: a rule written
// by hand (`required: true`, `pattern`, `max`, a custom validator) or a maximum length typed as a
// number makes this test fail. Rendered forms check the same (archive-forms.test.tsx).

const src = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Forms kept on hand-written rules or lengths, each with its reason (docs/web.md). */
const EXCEPTIONS: Record<string, string> = {
  // Its schema (enquirySubmitBody) holds only lengths, which the inputs take from it; "every field
  // required" and the contact's format are the server's business rules of spec §5 (FIELD_REQUIRED,
  // CONTACT_INVALID, worded by the error catalog), so the public page checks them the same way.
  'areas/site/content/CooperationForm.tsx': 'spec §5 rules live in the error catalog, not the schema',
};

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (/\.tsx$/.test(name) && !/\.test\.tsx$/.test(name)) out.push(p);
  }
  return out;
}

/** Every `rules={…}` that is not built by the schema helpers, and every typed-in maxLength. */
function handWritten(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/rules=\{([^}]{0,60})/g))
    // SchemaInput's `field.rules` are built by the helper too (`useSchemaRules(shape).field(name)`).
    if (!/^\s*(\[\s*)?(\.\.\.)?((\w+\.)?(rules|rule|schemaRule)\(|field\.rules\b)/.test(m[1]!))
      found.push(`rules={${m[1]!.trim()}`);
  // A number typed in, or the generic DEFAULT_MAX_LENGTH: neither is the schema's maximum.
  for (const m of text.matchAll(/maxLength=\{\s*(\d+|DEFAULT_MAX_LENGTH)\s*\}/g)) found.push(m[0]);
  return found;
}

describe('web forms take their rules from the contract schemas (issue 32)', () => {
  it('no form writes its own rules or maximum lengths', () => {
    const bad = sources(src)
      .map((p) => ({ file: relative(src, p), found: handWritten(readFileSync(p, 'utf8')) }))
      .filter((f) => f.found.length > 0 && !(f.file in EXCEPTIONS));
    expect(bad).toEqual([]);
  });

  it('lists no exception that no longer needs one', () => {
    const stale = Object.keys(EXCEPTIONS).filter((f) => handWritten(readFileSync(join(src, f), 'utf8')).length === 0);
    expect(stale).toEqual([]);
  });

  it('gives an input the maximum length of its schema field, with a counter', () => {
    for (const shape of [caseAddBody.shape, teamCreateBody.shape, consoleTeamAddBody.shape]) {
      const { result } = renderHook(() => useSchemaRules(shape as Record<string, z.ZodType>));
      for (const [key, field] of Object.entries(shape)) {
        const max = maxLengthOf(field);
        expect(result.current.text(key)).toEqual(max === undefined ? {} : { maxLength: max, showCount: true });
      }
    }
    expect(maxLengthOf(teamCreateBody.shape.name)).toBeGreaterThan(0);
  });

  it('words a schema rule in the reader language, never with a field path or regex', async () => {
    const { result } = renderHook(() => useSchemaRules(teamCreateBody.shape));
    const [rule] = result.current.rules('name');
    const check = (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator;
    await expect(check({}, '')).rejects.toThrow(/[\u4e00-\u9fff]/);
    await expect(check({}, 'x'.repeat(1000))).rejects.toThrow(/[\u4e00-\u9fff]/);
    await expect(check({}, '青年队')).resolves.toBeUndefined();
  });
});
