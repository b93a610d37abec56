import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PhotoPicker } from './PhotoPicker.js';

const photo = readFileSync('../shared/data/tongue/images/TE0000003.jpg');

function choose(file: File) {
  const input = screen.getByTestId('t-upload').querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('PhotoPicker', () => {
  it('refuses a wrong type and a renamed file, accepts a real photo and shows it', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    let chosen: File | null = null;
    const { rerender } = render(<PhotoPicker file={null} onChange={(f) => (chosen = f)} testId="t" />);
    choose(new File(['GIF89a'], 'a.gif', { type: 'image/gif' }));
    expect((await screen.findByTestId('t-problem')).textContent).toBe('文件格式不正确');
    choose(new File(['plain text'], 'a.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(screen.getByTestId('t-problem').textContent).toBe('文件内容不是有效的图片'));
    expect(chosen).toBeNull();
    choose(new File([photo], 'tongue.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(chosen).not.toBeNull());
    expect(screen.queryByTestId('t-problem')).toBeNull();
    rerender(<PhotoPicker file={chosen} onChange={() => undefined} testId="t" />);
    expect(screen.getByText('tongue.jpg')).toBeTruthy();
    expect(screen.getByTestId('t-camera')).toBeTruthy();
  });
});
