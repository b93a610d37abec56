import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import own from './questionnaire.json' with { type: 'json' };
import { questionsFor } from './questionnaire.js';

const domain = (f: string) => new URL(`../../../../shared/domain/${f}`, import.meta.url);

describe('constitution questionnaire of the contract', () => {
  it('is the shared domain questionnaire, unchanged', () => {
    const shared = JSON.parse(readFileSync(domain('constitution-questionnaire.json'), 'utf8')) as unknown;
    expect(own).toEqual(shared);
  });

  it('asks each sex 60 questions, the sex-specific F6 item only of its own sex', () => {
    const f = questionsFor('female').map((q) => q.id);
    const m = questionsFor('male').map((q) => q.id);
    expect([f.length, m.length]).toEqual([60, 60]);
    expect(f.filter((id) => !m.includes(id))).toEqual(['F6f']);
    expect(m.filter((id) => !f.includes(id))).toEqual(['F6m']);
  });
});
