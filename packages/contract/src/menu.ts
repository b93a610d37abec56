import menuErrors from './errors/menu.json' with { type: 'json' };
import { z } from 'zod';
import { defineErrors } from './errors.js';

/** Which area's navigation a menu entry belongs to (spec §2). */
export const MENU_AREAS = ['console', 'member', 'doctor'] as const;
export const menuArea = z.enum(MENU_AREAS);
/** head = top bar entry, menu = page, button = toolbar action guarded by its buttonCode. */
export const menuType = z.enum(['head', 'menu', 'button']);

/** Route metadata of a menu entry (spec §3). */
export const menuMeta = z.object({
  showOnSideBar: z.boolean(),
  isFullscreen: z.boolean(),
  framePage: z.boolean(),
  query: z.string().nullable(),
});

/** Button entry of spec §3. */
export const buttonEntry = z.object({
  id: z.number().int(),
  buttonCode: z.string(),
  buttonIcon: z.string().nullable(),
  buttonName: z.string(),
  buttonUrl: z.string().nullable(),
  children: z.array(z.never()),
});

export interface MenuNode {
  id: number;
  pid: number;
  area: z.infer<typeof menuArea>;
  type: z.infer<typeof menuType>;
  name: string;
  nameEn: string | null;
  path: string | null;
  component: string | null;
  iconCls: string | null;
  blank: boolean;
  sort: number;
  status: 0 | 1;
  buttonCode: string | null;
  buttonIcon: string | null;
  buttonUrl: string | null;
  meta: z.infer<typeof menuMeta>;
  children: MenuNode[];
}
/** A menu entry with its children (spec §3 "Menu entry"). */
export const menuNode: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    pid: z.number().int(),
    area: menuArea,
    type: menuType,
    name: z.string(),
    nameEn: z.string().nullable(),
    path: z.string().nullable(),
    component: z.string().nullable(),
    iconCls: z.string().nullable(),
    blank: z.boolean(),
    sort: z.number().int(),
    status: z.union([z.literal(0), z.literal(1)]),
    buttonCode: z.string().nullable(),
    buttonIcon: z.string().nullable(),
    buttonUrl: z.string().nullable(),
    meta: menuMeta,
    children: z.array(menuNode),
  }),
);

const optText = z.string().trim().max(200).nullable().optional();
/** The editable fields of a menu entry, without defaults (edit changes only what it names). */
const menuFields = {
  pid: z.number().int().min(0),
  area: menuArea,
  type: menuType,
  name: z.string().trim().min(1).max(200),
  nameEn: optText,
  path: optText,
  component: optText,
  iconCls: optText,
  blank: z.boolean(),
  sort: z.number().int().min(0).max(100000),
  buttonCode: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only')
    .nullable()
    .optional(),
  buttonIcon: optText,
  buttonUrl: optText,
  showOnSideBar: z.boolean(),
  isFullscreen: z.boolean(),
  framePage: z.boolean(),
  query: optText,
};
/** Body of POST menu/add. */
export const menuAddBody = z.object({
  ...menuFields,
  pid: menuFields.pid.default(0),
  area: menuFields.area.default('console'),
  type: menuFields.type.default('menu'),
  blank: menuFields.blank.default(false),
  sort: menuFields.sort.default(0),
  showOnSideBar: menuFields.showOnSideBar.default(true),
  isFullscreen: menuFields.isFullscreen.default(false),
  framePage: menuFields.framePage.default(false),
});
export type MenuAddBody = z.infer<typeof menuAddBody>;
/** Body of POST menu/edit: the id plus any field of add; absent fields stay as they are. */
export const menuEditBody = z
  .object(menuFields)
  .partial()
  .extend({ id: z.number().int().min(1) });
/** Form body of POST menu/updateStatus. */
export const menuStatusBody = z.object({
  id: z.coerce.number().int().min(1),
  status: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])),
});
/** Query of POST menu/updateMenu: move entry `id` from oldPid to newPid at position sort. */
export const menuMoveQuery = z.object({
  id: z.coerce.number().int().min(1),
  sort: z.coerce.number().int().min(0).max(100000),
  oldPid: z.coerce.number().int().min(0),
  newPid: z.coerce.number().int().min(0),
});
/** Query of GET menu/treeNoButton. */
export const menuTreeQuery = z.object({
  area: menuArea.optional(),
  name: z.string().trim().max(200).optional(),
  status: z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(1)]))
    .optional(),
});
export const menuIdParams = z.object({ id: z.coerce.number().int().min(0) });

/** Head menu entry (spec §3): the top-bar entries, each with its side-menu children. */
export const headMenuResult = z.object({ data: z.array(menuNode) });
/** Entry of getMenuLang: the translations of menu names. */
export const menuLangEntry = z.object({ id: z.number().int(), zh: z.string(), en: z.string().nullable() });

/** Button codes the server enforces on the admin-menu endpoints. */
export const MENU_BUTTONS = {
  add: 'sysMenu-add',
  edit: 'sysMenu-edit',
  remove: 'sysMenu-remove',
  status: 'sysMenu-status',
} as const;

/** Menu administration errors (1300xxx, permissions range). */
export const MENU_ERRORS = defineErrors(menuErrors);
