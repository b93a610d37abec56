import { describe, expect, it } from 'vitest';
import { conclusionIdOf, conclusionText, constitutionSummaryText, parseConstitutionConclusion } from './conclusion.js';
import type { SynthesisResult } from './synthesis.js';

// A record's conclusion is stored as an id and worded when read (issue 34 item 4).

const synthesis = (patterns: { id: string }[], summary?: object) =>
  ({ patterns, constitution: summary ? { summary } : null }) as unknown as SynthesisResult;

describe('conclusion ids', () => {
  it('names the leading pattern, else the constitution, and words each id in either language', () => {
    const p = conclusionIdOf(synthesis([{ id: 'damp_heat' }, { id: 'qi_deficiency' }]));
    expect(p).toBe('pattern:damp_heat');
    expect([conclusionText(p, 'zh'), conclusionText(p, 'en')]).toEqual(['湿热证', 'Damp-heat pattern']);

    const c = conclusionIdOf(synthesis([], { balanced: 'no', types: ['B', 'C'], tendencies: ['D'] }));
    expect(c).toBe('constitution:no:BC:D');
    expect(parseConstitutionConclusion(c!)).toEqual({ balanced: 'no', types: ['B', 'C'], tendencies: ['D'] });
    expect(conclusionText(c, 'zh')).toBe('是气虚质、阳虚质，有阴虚质倾向');
    expect(conclusionText(c, 'en')).toBe(
      'Answers suggest qi deficiency, yang deficiency constitution, with a tendency to yin deficiency.',
    );
    expect(conclusionText(c, 'zh')).toBe(constitutionSummaryText('no', ['B', 'C'], ['D']).zh);
    expect(conclusionText('constitution:yes::', 'en')).toBe('Answers suggest a balanced constitution.');
    expect(conclusionIdOf(synthesis([]))).toBeNull();
    expect(conclusionIdOf(undefined)).toBeNull();
  });

  it('shows text that is no known id as it was saved', () => {
    for (const saved of ['肝郁脾虚', 'pattern:unknown_pattern', 'constitution:maybe:B:', 'constitution:no:Z:'])
      expect(conclusionText(saved, 'en')).toBe(saved);
    expect(conclusionText(null, 'zh')).toBeNull();
  });
});
