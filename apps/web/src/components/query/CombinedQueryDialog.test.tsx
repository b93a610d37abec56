import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { CombinedQueryDialog, QUERY_DIALOG_WIDTH } from './CombinedQueryDialog.js';
import '../../lib/i18n.js';

describe('combined-query dialog', () => {
  it('is 1200 px wide with 2 groups of 5 rows joined by and/or, and submits null when nothing counts', () => {
    const onSubmit = vi.fn();
    render(
      <CombinedQueryDialog
        open
        fields={[{ name: 'originalText', type: 'string', label: 'translation.original' }]}
        onClose={() => undefined}
        onSubmit={onSubmit}
      />,
    );
    expect(QUERY_DIALOG_WIDTH).toBe(1200);
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('1200px');
    expect(screen.getAllByText('字段')).toHaveLength(10);
    expect(screen.getAllByText('条件')).toHaveLength(10);
    expect(screen.getByText('条件组 1')).toBeTruthy();
    expect(screen.getByText('条件组 2')).toBeTruthy();
    fireEvent.click(document.querySelector('.ant-modal-footer .ant-btn-primary')!);
    expect(onSubmit).toHaveBeenCalledWith(null);
  });
});
