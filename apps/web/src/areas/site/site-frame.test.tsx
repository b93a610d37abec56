import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderAt } from '../../test/render-at.js';

// Issue 17: on a phone the public header's links overlapped the page; they now fold behind a menu
// button (site.css shows it below 576 px) that opens and closes the navigation.
describe('public site frame', () => {
  it('folds the navigation behind a menu button that opens it and closes it on a chosen link', async () => {
    renderAt('/');
    const toggle = await screen.findByTestId('site-menu-toggle');
    const nav = document.getElementById('site-nav')!;
    expect([toggle.getAttribute('aria-expanded'), nav.className]).toEqual(['false', 'site-nav']);
    fireEvent.click(toggle);
    expect([toggle.getAttribute('aria-expanded'), nav.className]).toEqual(['true', 'site-nav open']);
    fireEvent.click(nav.querySelector('a')!);
    expect(nav.className).toBe('site-nav');
  });
});
