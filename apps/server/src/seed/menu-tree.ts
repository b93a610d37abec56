import { z } from 'zod';
import tree from './data/menu-tree.json' with { type: 'json' };

/**
 * The seeded navigation of spec §2 with the button codes of spec §6. One description feeds
 * the menu table; the web app builds its routes from what the server returns. The entries are
 * reference data (`data/menu-tree.json`, checked against `seedMenuSchema` when this module loads);
 * this file names its parts for the seed and for the one-time repairs that add a part to
 * databases seeded before it existed.
 */
export interface SeedMenu {
  name: string;
  nameEn: string;
  type?: 'head' | 'menu' | 'button';
  path?: string;
  component?: string;
  iconCls?: string;
  blank?: boolean;
  hidden?: boolean;
  isFullscreen?: boolean;
  buttonCode?: string;
  /** Action name the toolbar calls (spec §6 "action joinGroups" ...). */
  buttonUrl?: string;
  buttonIcon?: string;
  /**
   * Member-area pages only for members holding this flag (docs/member.md "Menus"); the device
   * records page is `teamLeader`'s, since its list answers 403 to the other members.
   */
  requires?: 'canConfigTreatPlan' | 'displayPermission' | 'teamLeader';
  children?: SeedMenu[];
}

export const seedMenuSchema: z.ZodType<SeedMenu> = z.lazy(() =>
  z
    .object({
      name: z.string().min(1),
      nameEn: z.string().min(1),
      type: z.enum(['head', 'menu', 'button']).optional(),
      path: z.string().min(1).optional(),
      component: z.string().min(1).optional(),
      iconCls: z.string().min(1).optional(),
      blank: z.boolean().optional(),
      hidden: z.boolean().optional(),
      isFullscreen: z.boolean().optional(),
      buttonCode: z.string().min(1).optional(),
      buttonUrl: z.string().min(1).optional(),
      buttonIcon: z.string().min(1).optional(),
      requires: z.enum(['canConfigTreatPlan', 'displayPermission', 'teamLeader']).optional(),
      children: z.array(seedMenuSchema).optional(),
    })
    .strict(),
);

const pages = z.array(seedMenuSchema);
/** The data file's layout: the console's parts in their order, then the member and doctor areas. */
export const menuTreeFileSchema = z
  .object({
    welcome: seedMenuSchema,
    consoleAdmin: pages,
    platformAdmin: pages,
    organizationAdmin: pages,
    doctorAdmin: pages,
    menusAndTranslations: pages,
    siteAdmin: pages,
    auditAdmin: pages,
    consoleHead: seedMenuSchema,
    member: pages,
    doctor: pages,
  })
  .strict();

const menus = menuTreeFileSchema.parse(tree);

/**
 * Account and role administration (issue 22 item 1; docs/console.md). Exported on its own so the
 * one-time repair `console-admin-menus` can add it to databases seeded before it existed.
 */
export const CONSOLE_ADMIN_PAGES: SeedMenu[] = menus.consoleAdmin;

/**
 * Doctor registrations awaiting approval (issue 22 item 1; docs/console.md "Doctors"). Exported on
 * its own for the one-time repair `doctor-approval-menus`.
 */
export const DOCTOR_ADMIN_PAGES: SeedMenu[] = menus.doctorAdmin;

/**
 * Site content administration (issue 22 items 3-4; docs/site.md): news and pages, the cooperation
 * inbox, the organisation's settings. Exported on its own for the one-time repair `site-content`.
 */
export const SITE_ADMIN_PAGES: SeedMenu[] = menus.siteAdmin;

/** Health-data access log (docs/security.md §11): the admin role (all access) only. */
export const AUDIT_ADMIN_PAGES: SeedMenu[] = menus.auditAdmin;

/**
 * The welcome page's dashboard button and the device list (issue 33 item 3; docs/console.md
 * "Dashboard", "Devices"). Exported for the one-time repair `platform-console`.
 */
export const WELCOME_PAGE: SeedMenu = menus.welcome;
export const DASHBOARD_BUTTON: SeedMenu = menus.welcome.children![0]!;
export const PLATFORM_ADMIN_PAGES: SeedMenu[] = menus.platformAdmin;

/**
 * The organization tree (issue 33 item 3; docs/console.md "Organizations"). Exported for the
 * one-time repair `organization-console`.
 */
export const ORGANIZATION_ADMIN_PAGES: SeedMenu[] = menus.organizationAdmin;

export const CONSOLE_MENUS: SeedMenu[] = [
  {
    ...menus.consoleHead,
    children: [
      WELCOME_PAGE,
      ...CONSOLE_ADMIN_PAGES,
      ...PLATFORM_ADMIN_PAGES,
      ...ORGANIZATION_ADMIN_PAGES,
      ...DOCTOR_ADMIN_PAGES,
      ...menus.menusAndTranslations,
      ...SITE_ADMIN_PAGES,
      ...AUDIT_ADMIN_PAGES,
    ],
  },
];

export const MEMBER_MENUS: SeedMenu[] = menus.member;

export const DOCTOR_MENUS: SeedMenu[] = menus.doctor;
