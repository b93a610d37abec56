import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { message } from 'antd';
import type { UserInfoBase } from '@tcm/contract';
import { clearSession, setSession } from '../lib/session.js';
import { Toolbar } from './Toolbar.js';
import '../lib/i18n.js';

const button = (buttonCode: string, buttonUrl: string | null, buttonName = buttonCode) => ({
  buttonCode,
  buttonName,
  buttonNameEn: null,
  buttonIcon: null,
  buttonUrl,
});
const BUTTONS = [
  button('doctorArchiveManage-add', 'addArchive', '创建医案'),
  button('doctorArchiveManage-batch-delete', 'deleteArchive', '批量删除医案'),
  button('doctorArchiveManage-group', 'joinGroups', '批量设置医案分组'),
  button('sysMenu-remove', 'removeMenu', '删除菜单'),
];

afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

function show(granted: string[], selected: number, handlers: Record<string, () => void>) {
  setSession({ user: { buttons: granted } as UserInfoBase });
  return render(<Toolbar buttons={BUTTONS} selected={selected} handlers={handlers} />);
}

describe('toolbar from route metadata', () => {
  it('shows the granted buttons only, danger for delete/remove, batch delete disabled without a selection', () => {
    show(['doctorArchiveManage-add', 'doctorArchiveManage-batch-delete', 'sysMenu-remove'], 0, {});
    expect(screen.queryByTestId('btn-doctorArchiveManage-group')).toBeNull();
    const add = screen.getByTestId('btn-doctorArchiveManage-add');
    const del = screen.getByTestId<HTMLButtonElement>('btn-doctorArchiveManage-batch-delete');
    const remove = screen.getByTestId<HTMLButtonElement>('btn-sysMenu-remove');
    expect(add.className).not.toContain('dangerous');
    expect(del.className).toContain('dangerous');
    expect(del.disabled).toBe(true);
    expect(remove.className).toContain('dangerous');
    expect(remove.disabled).toBe(false);
  });

  it('runs the handler a button names, and warns when the page lacks it', () => {
    const warning = vi.spyOn(message, 'warning');
    const deleteArchive = vi.fn();
    show(['doctorArchiveManage-batch-delete', 'doctorArchiveManage-add'], 2, { deleteArchive });
    const del = screen.getByTestId<HTMLButtonElement>('btn-doctorArchiveManage-batch-delete');
    expect(del.disabled).toBe(false);
    fireEvent.click(del);
    expect(deleteArchive).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByTestId('btn-doctorArchiveManage-add'));
    expect(warning).toHaveBeenCalledWith('方法 addArchive 不存在');
  });
});
