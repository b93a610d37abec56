import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@tcm/contract';
import { dropPlace, moveFor, toggleGrant } from './menu-tree-model.js';

const node = (
  id: number,
  pid: number,
  sort: number,
  children: MenuNode[] = [],
  type: MenuNode['type'] = 'menu',
): MenuNode => ({
  id,
  pid,
  area: 'console',
  type,
  name: `n${id}`,
  nameEn: null,
  path: null,
  component: null,
  iconCls: null,
  blank: false,
  sort,
  status: 1,
  buttonCode: type === 'button' ? `b${id}` : null,
  buttonIcon: null,
  buttonUrl: null,
  meta: { showOnSideBar: true, isFullscreen: false, framePage: false, query: null },
  children,
});
// head 1 with pages 2 (sort 10, button 5) and 3 (sort 20); head 4.
const tree = [node(1, 0, 10, [node(2, 1, 10, [node(5, 2, 0, [], 'button')]), node(3, 1, 20)]), node(4, 0, 20)];

describe('moveFor', () => {
  it('before a node takes its sort, after it its sort + 1, inside goes after the last child', () => {
    expect(moveFor(tree, 3, 2, 'before')).toEqual({ id: 3, sort: 10, oldPid: 1, newPid: 1 });
    expect(moveFor(tree, 2, 3, 'after')).toEqual({ id: 2, sort: 21, oldPid: 1, newPid: 1 });
    expect(moveFor(tree, 3, 4, 'inside')).toEqual({ id: 3, sort: 0, oldPid: 1, newPid: 4 });
    expect(moveFor(tree, 3, 1, 'inside')).toEqual({ id: 3, sort: 11, oldPid: 1, newPid: 1 });
  });
  it('refuses drops into a button, under itself, or onto itself', () => {
    expect(moveFor(tree, 3, 5, 'inside')).toBeNull();
    expect(moveFor(tree, 1, 2, 'inside')).toBeNull();
    expect(moveFor(tree, 2, 2, 'before')).toBeNull();
  });
});

describe('dropPlace', () => {
  it('reads antd drop positions', () => {
    expect(dropPlace(false, 1, '0-1')).toBe('inside');
    expect(dropPlace(true, 0, '0-1')).toBe('before');
    expect(dropPlace(true, 2, '0-1')).toBe('after');
  });
});

describe('toggleGrant', () => {
  it('ticks ancestors with an entry and unticks descendants with it', () => {
    expect([...toggleGrant(tree, new Set(), 5, true)].sort()).toEqual([1, 2, 5]);
    expect([...toggleGrant(tree, new Set([1, 2, 5, 3]), 2, false)].sort()).toEqual([1, 3]);
  });
});
