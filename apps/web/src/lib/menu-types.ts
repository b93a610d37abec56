// The shapes of the built menu (spec §3). They live in lib/ because the session (lib/session.ts)
// holds a built menu and lib/ never imports app/; app/dynamic-menu.ts builds them.

/** A toolbar button taken from a route's menu entry (spec §3 button entry). */
export interface ToolbarButton {
  buttonCode: string;
  buttonName: string;
  buttonNameEn: string | null;
  buttonIcon: string | null;
  /** Name of the page handler the button calls. */
  buttonUrl: string | null;
}

/** Route entry of spec §3, built from one menu entry. */
export interface BuiltRoute {
  id: number;
  name: string;
  nameEn: string | null;
  path: string;
  component: string;
  iconCls: string | null;
  showOnSideBar: boolean;
  isFullscreen: boolean;
  framePage: boolean;
  /** Address shown in the embedded frame of a frame page (its menu component field). */
  frameSrc: string | null;
  /** Opens in a new tab (menu `blank`). */
  blank: boolean;
  /** Query part split off the menu path (without '?'), or null. */
  query: string | null;
  buttons: ToolbarButton[];
  /** Whether this entry has a side menu: at least one child shows on the sidebar. */
  hasSideMenu: boolean;
  children: BuiltRoute[];
}

export interface BuiltMenus {
  heads: BuiltRoute[];
  /** Side menu: the first head entry's children. */
  side: BuiltRoute[];
  /** Every routable entry, flattened (pages, hidden pages, full-screen and frame pages). */
  routes: BuiltRoute[];
  /** Path opened right after login: the first menu, or its first child. */
  first: string | null;
}
