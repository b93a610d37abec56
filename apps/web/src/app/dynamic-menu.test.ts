import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@tcm/contract';
import { buildMenus, graftButtons, matchPattern, routeHref, splitQuery } from './dynamic-menu.js';

let nextId = 1;
function node(over: Omit<Partial<MenuNode>, 'meta'> & { meta?: Partial<MenuNode['meta']> }): MenuNode {
  const { meta, ...rest } = over;
  return {
    id: nextId++,
    pid: 0,
    area: 'console',
    type: 'menu',
    name: 'x',
    nameEn: null,
    path: null,
    component: null,
    iconCls: null,
    blank: false,
    sort: 0,
    status: 1,
    buttonCode: null,
    buttonIcon: null,
    buttonUrl: null,
    children: [],
    ...rest,
    meta: { showOnSideBar: true, isFullscreen: false, framePage: false, query: null, ...meta },
  };
}

describe('buildMenus', () => {
  const tree = () => [
    node({
      type: 'head',
      name: '系统管理',
      path: 'Layout',
      component: 'Layout',
      children: [
        node({ name: '工作台', path: '/welcome', component: 'welcome/index' }),
        node({
          name: '菜单管理',
          path: '/system/menu?tab=all&x=1',
          component: 'system/menu/index',
          children: [
            node({ type: 'button', name: '删除', buttonCode: 'sysMenu-remove', buttonUrl: 'removeMenu' }),
            node({ name: 'hidden child', path: '/system/menu/edit', meta: { showOnSideBar: false } }),
          ],
        }),
        node({ name: '大屏', path: '/Gateway', component: 'gateway/index' }),
        node({ name: '外链', path: '/frame/docs', component: 'https://example.org', meta: { framePage: true } }),
        node({ name: '停用', path: '/off', status: 0 }),
      ],
    }),
    node({ type: 'head', name: '第二', path: 'Layout', children: [node({ name: 'p', path: '/second' })] }),
  ];

  it('gives Layout entries a random unique path, even when the generator repeats', () => {
    const ids = ['/layout-a', '/layout-a', '/layout-b'];
    const m = buildMenus(tree(), () => ids.shift() ?? '/layout-z');
    expect(m.heads.map((h) => h.path)).toEqual(['/layout-a', '/layout-b']);
  });

  it('splits the query part off the path', () => {
    const m = buildMenus(tree());
    const menu = m.routes.find((r) => r.name === '菜单管理');
    expect(menu?.path).toBe('/system/menu');
    expect(menu?.query).toBe('tab=all&x=1');
    expect(routeHref(menu!)).toBe('/system/menu?tab=all&x=1');
    expect(splitQuery('/a')).toEqual({ path: '/a', query: null });
  });

  it('makes /Gateway full-screen and frame pages use the frame screen', () => {
    const m = buildMenus(tree());
    expect(m.routes.find((r) => r.path === '/Gateway')?.isFullscreen).toBe(true);
    expect(m.routes.find((r) => r.path === '/welcome')?.isFullscreen).toBe(false);
    const frame = m.routes.find((r) => r.path === '/frame/docs');
    expect(frame?.component).toBe('Frame');
    expect(frame?.framePage).toBe(true);
    expect(frame?.frameSrc).toBe('https://example.org');
  });

  it('keeps buttons on their page and out of the routes; drops disabled entries', () => {
    const m = buildMenus(tree());
    const menu = m.routes.find((r) => r.name === '菜单管理');
    expect(menu?.buttons.map((b) => b.buttonCode)).toEqual(['sysMenu-remove']);
    expect(m.routes.some((r) => r.name === '删除' || r.path === '/off')).toBe(false);
  });

  it('gives a side menu only when a child shows on the sidebar', () => {
    const m = buildMenus(tree());
    expect(m.routes.find((r) => r.name === '菜单管理')?.hasSideMenu).toBe(false);
    expect(m.heads[0]?.hasSideMenu).toBe(true);
  });

  it('uses the first head entry children as side menu and opens the first menu', () => {
    const m = buildMenus(tree());
    expect(m.side.map((r) => r.path)).toEqual(['/welcome', '/system/menu', '/Gateway', '/frame/docs']);
    expect(m.first).toBe('/welcome');
    const nested = buildMenus([
      node({ type: 'head', path: 'Layout', children: [node({ path: '/p', children: [node({ path: '/p/child' })] })] }),
    ]);
    expect(nested.first).toBe('/p/child');
    expect(buildMenus([]).first).toBeNull();
  });

  it('matches route patterns with params', () => {
    expect(matchPattern('/doctor/archive/review/:id', '/doctor/archive/review/9')).toBe(true);
    expect(matchPattern('/doctor/archive/review/:id', '/doctor/archive/review')).toBe(false);
  });

  it('grafts toolbar buttons from the full console tree onto the head menu by id', () => {
    const page = node({ id: 500, name: 'p', path: '/p' });
    const head = node({ id: 501, type: 'head', path: 'Layout', children: [page] });
    const full = [
      {
        ...head,
        children: [{ ...page, children: [node({ type: 'button', buttonCode: 'p-remove', buttonUrl: 'removeP' })] }],
      },
    ];
    const m = buildMenus(graftButtons([head], full));
    expect(m.routes.find((r) => r.path === '/p')?.buttons.map((b) => b.buttonCode)).toEqual(['p-remove']);
  });
});
