import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUDIT_BUTTONS,
  PLATFORM_BUTTONS as B,
  PLATFORM_PATHS,
  consoleDevice,
  consoleDeviceEditBody,
  consoleDeviceListBody,
  consoleDeviceListQuery,
  consoleDevicePage,
  consoleDeviceStatusBody,
  dashboardSummary,
} from '@tcm/contract';
import { FORM_OR_JSON } from '../../http/body-type.js';
import { ok } from '../../http/envelope.js';
import { routeOf } from '../../http/route.js';
import { requireSys } from '../auth/guard.js';
import { dashboardSummary as summarize } from './dashboard.service.js';
import { editDevice, listDevices, setDeviceStatus } from './devices-admin.service.js';
import { scopeOf } from './users.routes.js';

const route = routeOf(['console']);

/** The /welcome dashboard and the device list of the console (issue 33 item 3; docs/console.md). */
export const consolePlatformRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    PLATFORM_PATHS.dashboard,
    route(
      requireSys([B.dashboard]),
      'Platform figures for the welcome page (button sysDashboard-view); audit rows only with audit-view',
      { data: dashboardSummary },
    ),
    async (request) => {
      const g = await request.grants();
      // The audit log names people and what they opened: shown only to whoever may read the log itself.
      const withAudit = g.allAccess || g.buttons.has(AUDIT_BUTTONS.view);
      return ok(await summarize(db, { withAudit }), request.msgLang);
    },
  );

  app.post(
    PLATFORM_PATHS.deviceList,
    route(requireSys([B.deviceView]), 'Page of devices whose owner is in your data scope (button sysDevice-view)', {
      querystring: consoleDeviceListQuery,
      body: consoleDeviceListBody,
      data: consoleDevicePage,
    }),
    async (request) =>
      ok(await listDevices(db, await scopeOf(request), { ...request.query, ...(request.body ?? {}) }), request.msgLang),
  );

  app.post(
    PLATFORM_PATHS.deviceStatus,
    route(requireSys([B.deviceStatus]), 'Enable (1) or disable (0) a device, form or JSON (button sysDevice-status)', {
      consumes: FORM_OR_JSON,
      body: consoleDeviceStatusBody,
      data: consoleDevice,
    }),
    async (request) =>
      ok(await setDeviceStatus(db, await scopeOf(request), request.body.id, request.body.status), request.msgLang),
  );

  app.post(
    PLATFORM_PATHS.deviceEdit,
    route(
      requireSys([B.deviceEdit]),
      "Rename a device or set its location, which the display's map reads (button sysDevice-edit)",
      { body: consoleDeviceEditBody, data: consoleDevice },
    ),
    async (request) => ok(await editDevice(db, await scopeOf(request), request.body), request.msgLang),
  );
};
