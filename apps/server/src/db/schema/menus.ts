import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { requiredRef } from './columns.js';
import { roles } from './users.js';

/** Head entries, pages and toolbar buttons of the console, member and doctor areas (spec §2, §3). */
export const menus = pgTable(
  'menus',
  {
    id: serial('id').primaryKey(),
    /** Parent id; 0 for a root (head) entry. */
    pid: integer('pid').notNull().default(0),
    area: text('area', { enum: ['console', 'member', 'doctor'] }).notNull(),
    type: text('type', { enum: ['head', 'menu', 'button'] }).notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    path: text('path'),
    component: text('component'),
    iconCls: text('icon_cls'),
    blank: boolean('blank').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    status: integer('status').notNull().default(1),
    buttonCode: text('button_code').unique(),
    buttonIcon: text('button_icon'),
    buttonUrl: text('button_url'),
    showOnSideBar: boolean('show_on_side_bar').notNull().default(true),
    isFullscreen: boolean('is_fullscreen').notNull().default(false),
    framePage: boolean('frame_page').notNull().default(false),
    query: text('query'),
    /** Member-area pages shown only to members holding this flag (spec §2 member area). */
    requires: text('requires', { enum: ['canConfigTreatPlan', 'displayPermission', 'teamLeader'] }),
  },
  (t) => [index('menus_pid_idx').on(t.pid)],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: requiredRef('role_id', () => roles.id, 'cascade'),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);
