import type { MenuNode } from '@tcm/contract';

export type { BuiltMenus, BuiltRoute, ToolbarButton } from '../lib/menu-types.js';
import type { BuiltMenus, BuiltRoute } from '../lib/menu-types.js';

/** Splits '/a?x=1' into path and query (spec §2: the query part is kept as a separate value). */
export function splitQuery(raw: string): { path: string; query: string | null } {
  const i = raw.indexOf('?');
  if (i < 0) return { path: raw, query: null };
  const q = raw.slice(i + 1);
  return { path: raw.slice(0, i), query: q || null };
}

function randomId(): string {
  return `/layout-${crypto.randomUUID()}`;
}

/** Builds routes and menus from the server's head-menu tree (spec §2 "Dynamic menus"). */
export function buildMenus(heads: readonly MenuNode[], newId: () => string = randomId): BuiltMenus {
  const used = new Set<string>();
  const unique = () => {
    let id = newId();
    while (used.has(id)) id = newId();
    used.add(id);
    return id;
  };

  const build = (n: MenuNode): BuiltRoute => {
    const raw = n.path ?? '';
    const split = splitQuery(raw);
    const isLayout = raw === 'Layout' || (n.component === 'Layout' && !raw);
    const isGateway = split.path === '/Gateway';
    const pages = n.children.filter((c) => c.type !== 'button' && c.status === 1);
    const buttons = n.children
      .filter((c) => c.type === 'button' && c.status === 1 && c.buttonCode)
      .map((c) => ({
        buttonCode: c.buttonCode as string,
        buttonName: c.name,
        buttonNameEn: c.nameEn,
        buttonIcon: c.buttonIcon,
        buttonUrl: c.buttonUrl,
      }));
    const children = pages.map(build);
    return {
      id: n.id,
      name: n.name,
      nameEn: n.nameEn,
      path: isLayout ? unique() : split.path,
      component: n.meta.framePage ? 'Frame' : (n.component ?? ''),
      iconCls: n.iconCls,
      showOnSideBar: n.meta.showOnSideBar,
      isFullscreen: isGateway || n.meta.isFullscreen,
      framePage: n.meta.framePage,
      frameSrc: n.meta.framePage ? n.component : null,
      blank: n.blank,
      query: split.query ?? n.meta.query ?? null,
      buttons,
      hasSideMenu: children.some((c) => c.showOnSideBar),
      children,
    };
  };

  const built = heads.filter((h) => h.status === 1).map(build);
  const routes: BuiltRoute[] = [];
  const walk = (r: BuiltRoute) => {
    if (!r.path.startsWith('/layout-')) routes.push(r);
    r.children.forEach(walk);
  };
  built.forEach(walk);
  const side = built[0]?.children ?? [];
  const firstMenu = side.find((r) => r.showOnSideBar) ?? side[0];
  const first = firstMenu ? (firstMenu.children.find((c) => c.showOnSideBar)?.path ?? firstMenu.path) : null;
  return { heads: built, side, routes, first };
}

/** Full href of a built route with its query re-attached. */
export function routeHref(r: Pick<BuiltRoute, 'path' | 'query'>): string {
  return r.query ? `${r.path}?${r.query}` : r.path;
}

/** Whether a concrete path matches a route pattern with :params. */
export function matchPattern(pattern: string, path: string): boolean {
  const a = pattern.split('/');
  const b = path.split('/');
  return a.length === b.length && a.every((seg, i) => (seg.startsWith(':') ? (b[i] ?? '') !== '' : seg === b[i]));
}

/**
 * The head-menu call carries pages only; the console's own menu call carries the toolbar
 * buttons too. Grafts each page's buttons from `full` onto the head tree, matched by id.
 */
export function graftButtons(heads: readonly MenuNode[], full: readonly MenuNode[]): MenuNode[] {
  const buttons = new Map<number, MenuNode[]>();
  const collect = (n: MenuNode) => {
    const b = n.children.filter((c) => c.type === 'button');
    if (b.length) buttons.set(n.id, b);
    n.children.forEach(collect);
  };
  full.forEach(collect);
  const graft = (n: MenuNode): MenuNode => ({
    ...n,
    children: [...n.children.filter((c) => c.type !== 'button').map(graft), ...(buttons.get(n.id) ?? [])],
  });
  return heads.map(graft);
}
