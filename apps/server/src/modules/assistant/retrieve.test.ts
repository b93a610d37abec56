import { describe, expect, it } from 'vitest';
import { tokenize } from './bm25.js';
import { asSources, retrieve } from './retrieve.js';

/** Hand-written questions a physician might type, and the entry that must come first. */
const QUESTIONS: Array<[string, string]> = [
  ['齿痕舌 说明什么', 'sign:tongue.toothMarks'],
  ['tooth marks on the tongue', 'sign:tongue.toothMarks'],
  ['黄芪的常用量是多少', 'herb:黄芪'],
  ['麻黄汤的组成', 'formula:麻黄汤'],
  ['What does a wiry pulse suggest?', 'sign:pulse.shape'],
  ['高血压 肝阳上亢证 舌象脉象', 'disease:hypertension/liver_yang_rising'],
];

describe('assistant retrieval (BM25, zh by character bigrams)', () => {
  it('cuts Chinese into bigrams and English into stemmed words without stop words', () => {
    expect(tokenize('齿痕舌')).toEqual(['齿痕', '痕舌']);
    expect(tokenize('What do tooth Marks mean?')).toEqual(['tooth', 'mark']);
  });

  it.each(QUESTIONS)('%s → %s first', (question, id) => {
    expect(retrieve(question)[0]?.entry.id).toBe(id);
  });

  it('the tooth-mark answer names the patterns it supports and its data file and references', () => {
    const [first] = asSources(retrieve('齿痕舌 说明什么'), 'zh');
    expect(first).toMatchObject({ ref: 1, kind: 'sign', title: '齿痕' });
    expect(first!.excerpt).toContain('脾虚湿困证');
    expect(first!.file).toBe('packages/analysis/src/synthesis/knowledge-base.json');
    expect(first!.source).toContain('ZDX-2016');
    const herb = asSources(retrieve('黄芪的常用量是多少'), 'en')[0]!;
    expect([herb.file, herb.source]).toEqual([
      'packages/contract/src/data/herbs.json',
      expect.stringContaining('Chinese Pharmacopoeia 2020'),
    ]);
  });

  it('finds nothing for a question outside the knowledge base', () => {
    expect(retrieve('quarterly revenue forecast spreadsheet')).toEqual([]);
  });
});
