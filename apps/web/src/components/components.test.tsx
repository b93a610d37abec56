import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { DataTable, nextPaging } from './DataTable.js';
import { NumberInput } from './NumberInput.js';
import { imageTypeAllowed, limitProblem, uploadedFileOf } from './upload-rules.js';
import '../lib/i18n.js';

describe('data table', () => {
  it('resets to page 1 when the page size changes', () => {
    expect(nextPaging({ page: 4, size: 100 }, 4, 200)).toEqual({ page: 1, size: 200 });
    expect(nextPaging({ page: 1, size: 100 }, 3, 100)).toEqual({ page: 3, size: 100 });
  });
  it('renders total, sizes, pager and jumper', () => {
    render(
      <ConfigProvider locale={zhCN}>
        <DataTable
          rowKey="id"
          columns={[{ dataIndex: 'name', title: 'n' }]}
          dataSource={[{ id: 1, name: 'a' }]}
          paging={{ page: 1, size: 100 }}
          total={1234}
          onPaging={() => undefined}
        />
      </ConfigProvider>,
    );
    expect(screen.getByText('共 1234 条')).toBeTruthy();
    expect(document.querySelector('.ant-pagination-options-size-changer')).toBeTruthy();
    expect(document.querySelector('.ant-pagination-options-quick-jumper')).toBeTruthy();
    expect(screen.getByText('100 条/页')).toBeTruthy();
  });
});

describe('number input', () => {
  it('clamps and fixes decimals on blur, and clears non-numbers', () => {
    const onChange = vi.fn();
    render(<NumberInput value={null} onChange={onChange} min={0} max={10} decimals={1} testId="n" />);
    const input = screen.getByTestId<HTMLInputElement>('n');
    fireEvent.change(input, { target: { value: '12.34' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith(10);
    expect(input.value).toBe('10.0');
    fireEvent.change(input, { target: { value: 'x1' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input.value).toBe('');
  });
});

describe('upload rules', () => {
  it('accepts jpeg/png/gif unless the field names its own list', () => {
    expect(imageTypeAllowed({ type: 'image/png', name: 'a.png' })).toBe(true);
    expect(imageTypeAllowed({ type: 'image/bmp', name: 'a.bmp' })).toBe(false);
    expect(imageTypeAllowed({ type: 'image/bmp', name: 'a.BMP' }, ['.bmp'])).toBe(true);
  });
  it('states allowed, chosen and total when the limit is exceeded', () => {
    expect(limitProblem(3, 2, 1)).toBeNull();
    expect(limitProblem(3, 2, 4)).toEqual({ max: 3, chosen: 4, total: 6 });
  });
  it('reads both upload response shapes and rejects failures', () => {
    expect(uploadedFileOf({ code: 0, data: { uuid: 'u1', name: 'a.png', url: '/f/a.png' } })).toEqual({
      uuid: 'u1',
      name: 'a.png',
      url: '/f/a.png',
    });
    expect(uploadedFileOf({ code: 0, data: { remoteFileUrl: 'https://oss/x/b.png' } })).toEqual({
      uuid: 'https://oss/x/b.png',
      name: 'b.png',
      url: 'https://oss/x/b.png',
    });
    expect(uploadedFileOf({ code: 4000001, data: null })).toBeNull();
    expect(uploadedFileOf('<html>')).toBeNull();
  });
});
