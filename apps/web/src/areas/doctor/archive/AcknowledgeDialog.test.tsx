import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { checkPrescription } from '@tcm/contract';
import { i18n } from '../../../lib/i18n.js';
import { AcknowledgeDialog } from './AcknowledgeDialog.js';

// Issue 32: the reason dialog of a refused save, zh and en.
const warnings = checkPrescription([
  { name: '甘草', dose: 6 },
  { name: '甘遂', dose: 1 },
]);

describe('AcknowledgeDialog', () => {
  it.each([
    ['zh', '请注明用药理由', '十八反'],
    ['en', 'Give a reason for this prescription', 'Eighteen incompatibilities'],
  ])(
    '%s: lists the warnings; save stays off until a reason is typed, then sends it trimmed',
    async (lang, title, w) => {
      await i18n.changeLanguage(lang);
      const onSubmit = vi.fn();
      render(
        <AcknowledgeDialog warnings={warnings} refused={false} saving={false} onSubmit={onSubmit} onClose={() => {}} />,
      );
      await screen.findByText(title);
      expect(screen.getByTestId('ack-warnings').textContent).toContain(w);
      const save = screen.getByTestId('ack-save');
      expect(save.hasAttribute('disabled')).toBe(true);
      fireEvent.change(screen.getByTestId('ack-reason'), { target: { value: '  病重药重  ' } });
      expect(save.hasAttribute('disabled')).toBe(false);
      fireEvent.click(save);
      expect(onSubmit).toHaveBeenCalledWith('病重药重');
    },
  );

  it('a refused dose only explains: no reason box, the button goes back', async () => {
    await i18n.changeLanguage('en');
    const onClose = vi.fn();
    const refused = checkPrescription([{ name: '附子', dose: 200 }], {
      dictionary: new Map([['附子', { name: '附子', doseMin: 3, doseMax: 15, toxicity: 'medium', toxicDoseMax: 15 }]]),
    });
    render(<AcknowledgeDialog warnings={refused} refused saving={false} onSubmit={() => {}} onClose={onClose} />);
    await screen.findByText('The prescription cannot be saved');
    expect(screen.queryByTestId('ack-reason')).toBeNull();
    expect(screen.getByTestId('ack-warnings').textContent).toContain('附子 200 g');
    fireEvent.click(screen.getByTestId('ack-save'));
    expect(onClose).toHaveBeenCalled();
  });
});
