import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { SearchBox } from './SearchBox.js';
import { SEARCH_DEBOUNCE_MS } from './use-debounced.js';
import '../lib/i18n.js';

afterEach(() => vi.useRealTimers());

describe('search box', () => {
  it('searches 500 ms after the last keystroke with the trimmed term, ORing the fields', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(
      <SearchBox
        fields={[
          { name: 'originalText', type: 'string', label: 'o' },
          { name: 'level', type: 'short', label: 'l' },
        ]}
        onSearch={onSearch}
      />,
    );
    const input = screen.getByTestId('search-box').querySelector('input') ?? screen.getByTestId('search-box');
    fireEvent.change(input, { target: { value: ' 1' } });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    fireEvent.change(input, { target: { value: ' 12 ' } });
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    });
    expect(onSearch).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(SEARCH_DEBOUNCE_MS).toBe(500);
    expect(onSearch).toHaveBeenCalledTimes(1);
    const [query, term] = onSearch.mock.calls[0]!;
    expect(term).toBe('12');
    expect(query.groups[0].conditions).toEqual([
      { connector: 'or', name: 'originalText', type: 'string', operator: 'LK', value: '12' },
      { connector: 'or', name: 'level', type: 'short', operator: 'EQ', value: 12 },
    ]);
  });
});
