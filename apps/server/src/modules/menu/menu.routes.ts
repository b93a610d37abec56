import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  headMenuResult,
  MENU_BUTTONS,
  MENU_PATHS,
  menuAddBody,
  menuEditBody,
  menuIdParams,
  menuLangEntry,
  menuMoveQuery,
  menuNode,
  menuStatusBody,
  menuTreeQuery,
} from '@tcm/contract';
import { ok, okSchema } from '../../http/envelope.js';
import { routeOf } from '../../http/route.js';
import { principalOf, requireAuth, requireSys } from '../auth/guard.js';
import * as menusSvc from './menu.service.js';
import { FORM_OR_JSON } from '../../http/body-type.js';

const route = routeOf(['menu']);
const ID = ':id';

/** Admin-menu calls of spec §7 under /backend/sys/v1/menu, and the head-menu call. */
export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const tree = okSchema(z.array(menuNode));

  app.get(
    MENU_PATHS.headMenu,
    route(
      requireAuth({ beforePasswordChange: true }),
      "Head menu of the caller's area: data.data = head entries with children",
      { data: headMenuResult },
    ),
    async (request) =>
      ok({ data: await menusSvc.headMenu(db, principalOf(request).user, await request.grants()) }, request.msgLang),
  );

  app.get(
    MENU_PATHS.currentSysuserMenu,
    route(
      requireAuth({ entrances: ['sys'], beforePasswordChange: true }),
      'Console menus granted to the caller, buttons included',
      { response: { 200: tree } },
    ),
    async (request) =>
      ok(await menusSvc.currentSysuserMenu(db, principalOf(request).user, await request.grants()), request.msgLang),
  );

  app.get(
    MENU_PATHS.tree(ID),
    route(requireSys(), 'Subtree under id (0 = all roots)', { params: menuIdParams, response: { 200: tree } }),
    async (request) => ok(await menusSvc.menuTree(db, request.params.id), request.msgLang),
  );

  app.get(
    MENU_PATHS.treeNoButton,
    route(requireSys(), 'Whole tree without buttons, filtered by area, name, status', {
      querystring: menuTreeQuery,
      response: { 200: tree },
    }),
    async (request) => ok(await menusSvc.menuTree(db, 0, { noButtons: true, ...request.query }), request.msgLang),
  );

  app.post(
    MENU_PATHS.add,
    route(requireSys([MENU_BUTTONS.add]), 'Add a menu entry (button sysMenu-add)', {
      body: menuAddBody,
      data: menuNode,
    }),
    async (request) => ok(await menusSvc.addMenu(db, request.body), request.msgLang),
  );

  app.post(
    MENU_PATHS.edit,
    route(requireSys([MENU_BUTTONS.edit]), 'Edit a menu entry (button sysMenu-edit)', {
      body: menuEditBody,
      data: menuNode,
    }),
    async (request) => {
      const { id, ...rest } = request.body;
      return ok(await menusSvc.editMenu(db, id, rest), request.msgLang);
    },
  );

  app.delete(
    MENU_PATHS.remove(ID),
    route(requireSys([MENU_BUTTONS.remove]), 'Remove a leaf entry (button sysMenu-remove)', {
      params: menuIdParams,
      data: z.null(),
    }),
    async (request) => {
      await menusSvc.removeMenu(db, request.params.id);
      return ok(null, request.msgLang);
    },
  );

  app.post(
    MENU_PATHS.updateStatus,
    route(requireSys([MENU_BUTTONS.status]), 'Enable (1) or disable (0), form-encoded (button sysMenu-status)', {
      consumes: FORM_OR_JSON,
      body: menuStatusBody,
      data: z.null(),
    }),
    async (request) => {
      await menusSvc.setMenuStatus(db, request.body.id, request.body.status);
      return ok(null, request.msgLang);
    },
  );

  app.get(
    MENU_PATHS.findById(ID),
    route(requireSys(), 'One entry without children', { params: menuIdParams, data: menuNode }),
    async (request) => ok(menusSvc.presentOne(await menusSvc.findMenu(db, request.params.id)), request.msgLang),
  );

  app.post(
    MENU_PATHS.updateMenu,
    route(requireSys([MENU_BUTTONS.edit]), 'Move an entry: query id, sort, oldPid, newPid (button sysMenu-edit)', {
      querystring: menuMoveQuery,
      data: menuNode,
    }),
    async (request) => ok(await menusSvc.moveMenu(db, request.query), request.msgLang),
  );

  app.get(
    MENU_PATHS.menuLang,
    route(requireSys(), 'Menu names in zh and en', { data: z.array(menuLangEntry) }),
    async (request) =>
      ok(
        (await menusSvc.allMenus(db)).map((m) => ({ id: m.id, zh: m.name, en: m.nameEn })),
        request.msgLang,
      ),
  );
};
