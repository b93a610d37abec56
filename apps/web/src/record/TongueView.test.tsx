import { describe, expect, it } from 'vitest';
import { render, within } from '@testing-library/react';
import { doneResult, recordResultsSchema } from '@tcm/contract';
import saved from './fixtures/done-record-results.json' with { type: 'json' };
import { TongueView } from './TongueView.js';
import { i18n } from '../lib/i18n.js';

// Issue 17: a finding shows its label with the model's probability for that label; the feature's
// severity (how far toward its severe end) is a different number and, where shown, says so.
// The pipeline's real tongue result: coating thickness "thin" with p(thin) = 0.67, severity 0.33.
const tongue = doneResult(recordResultsSchema.parse(saved), 'tongue')!;

describe('tongue findings', () => {
  it('show the chosen label with its probability, not the severity', async () => {
    await i18n.changeLanguage('zh');
    const { getByTestId, unmount } = render(<TongueView r={tongue} photoUrl={null} />);
    expect(tongue.features.coatingThickness.label).toBe('thin');
    expect(getByTestId('tongue-word-coatingThickness').textContent).toBe('薄');
    expect(getByTestId('tongue-prob-coatingThickness').textContent).toBe('概率 67%');
    expect(getByTestId('tongue-severity-coatingThickness').textContent).toBe('严重程度 33');
    unmount();
  });

  it('labels every bar beside a finding as severity, in en too', async () => {
    await i18n.changeLanguage('en');
    const { getByTestId, unmount } = render(<TongueView r={tongue} photoUrl={null} />);
    const table = getByTestId('tongue-features');
    const bars = table.querySelectorAll('.ant-progress');
    expect(bars.length).toBeGreaterThan(0);
    // No bar stands on its own: each sits in a severity line that names it.
    for (const bar of bars)
      expect(bar.closest('[data-testid^="tongue-severity-"]')?.textContent).toMatch(/^Severity \d+/);
    expect(within(table).getByTestId('tongue-prob-peeled').textContent).toBe('Probability 100%');
    unmount();
    await i18n.changeLanguage('zh');
  });
});
