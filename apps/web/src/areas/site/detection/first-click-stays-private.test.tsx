import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { RECORD_PATHS } from '@tcm/contract';
import { renderAt } from '../../../test/render-at.js';
import { resetFetchAndSession } from '../../../test/fetch-stub.js';

// Issue 39 "private by default": the browser check loads after the first paint. On a slow first
// load a visitor may pick a photo and press "analyse" before it has answered; the page must wait
// for it, not send the photo to the server (seen in the main-job journey on a loaded machine:
// the photo went to the server and came back with the server's refusal).

const gate = vi.hoisted(() => {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
});

// The check answers "this browser can" only once the gate opens: a slow module load.
vi.mock('./on-device/check.js', () => ({ checkOnDevice: () => gate.opened.then(() => true) }));
const analyzeOnDevice = vi.hoisted(() => vi.fn());
vi.mock('./on-device/client.js', () => ({
  analyzeOnDevice,
  OnDeviceError: class extends Error {},
  refusalText: () => undefined,
}));

afterEach(() => resetFetchAndSession());

describe('the detection page before the browser check has answered', () => {
  it('waits for the check on the first click and analyses on the device; nothing is uploaded', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    // The page may read other things (its CMS text); a photo would go to the visitor upload.
    const uploads: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (String(url).includes(RECORD_PATHS.visitorCreate)) uploads.push(String(url));
        return new Response(JSON.stringify({ code: 1500001, msg: '-', data: null }), { status: 404 });
      }),
    );
    analyzeOnDevice.mockReturnValue(new Promise(() => undefined));
    renderAt('/tongueAnalyze');
    const upload = await screen.findByTestId('tongue-upload', {}, { timeout: 15_000 });
    const input = upload.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff])], 'a.jpg', { type: 'image/jpeg' })] },
    });
    await screen.findByTestId('tongue-preview');
    // The note that says where the photo goes is not there yet: the check has not answered.
    expect(screen.queryByTestId('on-device-note')).toBeNull();
    fireEvent.click(screen.getByTestId('analyze-submit'));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(uploads).toEqual([]);
    expect(analyzeOnDevice).not.toHaveBeenCalled();
    // While the check answers the button is busy: a second press starts no second analysis.
    expect(screen.getByTestId('analyze-submit').getAttribute('aria-busy')).toBe('true');
    fireEvent.click(screen.getByTestId('analyze-submit'));

    await act(async () => gate.open());
    await vi.waitFor(() => expect(analyzeOnDevice).toHaveBeenCalled(), { timeout: 15_000 });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(analyzeOnDevice).toHaveBeenCalledTimes(1);
    expect(uploads).toEqual([]);
    expect(await screen.findByTestId('on-device-note')).toBeTruthy();
  });
});
