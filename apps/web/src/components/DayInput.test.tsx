import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import AntShell from '../app/AntShell.js';
import { i18n } from '../lib/i18n.js';
import { DayInput } from './DayInput.js';

// The day picker's "today" is the clinic's day (UTC+8), not the browser's: at 20:30 UTC on
// 1 December it is already 2 December at the clinic (issue 32 item 6).

afterEach(async () => {
  vi.useRealTimers();
  await i18n.changeLanguage('zh');
});

function Field() {
  const [v, setV] = useState<string | null>(null);
  return (
    <>
      <DayInput value={v} onChange={setV} data-testid="day" />
      <output data-testid="value">{v ?? ''}</output>
    </>
  );
}

describe('DayInput', { timeout: 30_000 }, () => {
  it("sets the clinic's today from the footer, as yyyy-MM-dd", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-01T20:30:00Z') });
    render(
      <AntShell>
        <Field />
      </AntShell>,
    );
    const input = screen.getByTestId('day');
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.click(input);
    fireEvent.click(await screen.findByTestId('day-today'));
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('2026-12-02'));
    expect(screen.getByText('今天')).toBeTruthy();
  });
});
