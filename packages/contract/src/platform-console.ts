import platformConsoleErrors from './errors/platform-console.json' with { type: 'json' };
import { z } from 'zod';
import { adminPaging, pageOf, searchText } from './paging.js';
import { auditRow } from './audit.js';
import { ENTRANCES, entranceSchema } from './auth.js';
import { defineErrors } from './errors.js';
import { SYS_VERSION } from './paths.js';
import { sortOrder } from './query.js';

/**
 * The console's view of the running platform (issue 33 item 3; docs/console.md "Dashboard" and
 * "Devices"): the /welcome dashboard and the device list. Paths follow the admin calls.
 */
const DASHBOARD = `/backend/sys/${SYS_VERSION}/dashboard`;
const DEVICE = `/backend/sys/${SYS_VERSION}/device`;

export const PLATFORM_PATHS = {
  dashboard: `${DASHBOARD}/summary`,
  deviceList: `${DEVICE}/list`,
  deviceStatus: `${DEVICE}/updateStatus`,
  deviceEdit: `${DEVICE}/edit`,
} as const;

/** Button codes the server enforces: platform-wide figures and device locations are not for every role. */
export const PLATFORM_BUTTONS = {
  dashboard: 'sysDashboard-view',
  deviceView: 'sysDevice-view',
  deviceStatus: 'sysDevice-status',
  deviceEdit: 'sysDevice-edit',
} as const;

/** Records of one window (Asia/Shanghai days): all created, and those that failed or finished partial. */
export const dashboardWindow = z.object({
  total: z.number().int(),
  failed: z.number().int(),
  partial: z.number().int(),
});
export type DashboardWindow = z.infer<typeof dashboardWindow>;

export const dashboardSummary = z.object({
  /** Accounts per entrance, every entrance listed (0 included), enabled and all. */
  users: z.array(z.object({ entrance: entranceSchema, total: z.number().int(), enabled: z.number().int() })),
  /** Records created since 00:00 today, 6 and 29 days before that (Asia/Shanghai). */
  records: z.object({ today: dashboardWindow, days7: dashboardWindow, days30: dashboardWindow }),
  /** One point per day of the 30-day window, oldest first (`day` yyyy-MM-dd, Shanghai). */
  trend: z.array(dashboardWindow.extend({ day: z.string() })),
  /** The analysis queue: jobs waiting (created or retry), running, and the oldest waiting one's time. */
  queue: z.object({ waiting: z.number().int(), active: z.number().int(), oldestWaitingAt: z.string().nullable() }),
  /** Uploaded files: how many and their bytes (the sizes recorded at upload). */
  storage: z.object({ files: z.number().int(), bytes: z.number().int() }),
  /** Per engine, the version stamped on its newest successful outcome; engines never run are left out. */
  engines: z.array(z.object({ engine: z.string(), version: z.string(), model: z.string().nullable(), at: z.string() })),
  /** Devices: registered, enabled, heard from in the last 10 minutes. */
  devices: z.object({ total: z.number().int(), enabled: z.number().int(), online: z.number().int() }),
  /** The newest audit events; null when the caller may not read the audit log (button audit-view). */
  audit: z
    .array(
      auditRow.pick({ id: true, at: true, actorName: true, action: true, entity: true, event: true, status: true }),
    )
    .nullable(),
  zone: z.literal('Asia/Shanghai'),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;

/** Device list filter: enabled or disabled, a search over name, location, team and owner. */
export const DEVICE_STATES = ['enabled', 'disabled'] as const;
export const consoleDeviceListQuery = z.object({
  ...adminPaging,
  order: sortOrder,
});
export const consoleDeviceListBody = z
  .object({
    state: z.enum(DEVICE_STATES).optional(),
    keyword: searchText,
    /** Only devices whose location names nothing: the display's "unlocated" count. */
    unlocated: z.boolean().optional(),
  })
  .default({});
export type ConsoleDeviceListBody = z.infer<typeof consoleDeviceListBody>;

export const consoleDevice = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string().nullable(),
  enabled: z.boolean(),
  /** Enabled and heard from in the last 10 minutes (the display's rule). */
  online: z.boolean(),
  lastSeenAt: z.string().nullable(),
  createdAt: z.string(),
  team: z.object({ id: z.string(), name: z.string() }),
  /** The account that registered it (the team leader then); null when that account is gone. */
  owner: z
    .object({ id: z.string(), loginName: z.string(), name: z.string(), organisation: z.string().nullable() })
    .nullable(),
});
export type ConsoleDevice = z.infer<typeof consoleDevice>;
export const consoleDevicePage = pageOf(consoleDevice);
export type ConsoleDevicePage = z.infer<typeof consoleDevicePage>;

/** Form or JSON body of device/updateStatus (1 = enabled, 0 = disabled), like user/updateStatus. */
export const consoleDeviceStatusBody = z.object({
  id: z.string().uuid(),
  status: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])),
});

/**
 * device/edit: the name and the location (free text such as 浙江省杭州市; the display's map reads
 * the province from it). An empty location clears it: the device's records count as unlocated.
 */
export const consoleDeviceEditBody = z.object({
  id: z.string().uuid(),
  name: z.string().trim().min(1).max(200).optional(),
  location: z.string().trim().max(200).nullable().optional(),
});
export type ConsoleDeviceEditBody = z.infer<typeof consoleDeviceEditBody>;

/** Device administration errors (1400xxx beside the account errors). */
export const PLATFORM_ERRORS = defineErrors(platformConsoleErrors);

/** Every entrance, in the dashboard's order. */
export const DASHBOARD_ENTRANCES = ENTRANCES;
