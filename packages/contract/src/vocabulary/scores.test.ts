import { describe, expect, it } from 'vitest';
import { FACE_METRICS } from './face.js';
import { faceMetricScore, SCORE_SCALES, shownScore, type ScoreScale } from './scores.js';

describe('score directions', () => {
  it('defines every skin measure: 0-100, higher = more pronounced, shown as written', () => {
    for (const m of FACE_METRICS) {
      const s: ScoreScale = SCORE_SCALES[faceMetricScore(m)];
      expect([s.min, s.max, s.more]).toEqual([0, 100, 'high']);
      // Redness 36 reads 36 wherever it is shown, never 100 − 36.
      expect(shownScore(faceMetricScore(m), 36)).toBe(36);
      expect(shownScore(faceMetricScore(m), 0)).toBe(0);
    }
    expect(SCORE_SCALES['face.metric.redness'].scale.en).toContain('higher = more pronounced');
  });

  it('shows 0-1 scales as whole numbers on 0-100 and keeps them in range', () => {
    expect(shownScore('score.tongueSeverity', 0.3299)).toBe(33);
    expect(shownScore('score.tongueProbability', 0.6701)).toBe(67);
    expect(shownScore('score.syndrome', 1.2)).toBe(100);
    expect(shownScore('score.constitution', -5)).toBe(0);
  });

  it('names severity and probability apart in both languages', () => {
    expect(SCORE_SCALES['score.tongueSeverity'].name).toEqual({ zh: '严重程度', en: 'Severity' });
    expect(SCORE_SCALES['score.tongueProbability'].name).toEqual({ zh: '概率', en: 'Probability' });
  });
});
