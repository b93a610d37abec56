import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONTENT_BUTTONS,
  CONTENT_PATHS,
  contentItem,
  contentListBody,
  contentListQuery,
  contentPage,
  contentPublishBody,
  contentAddBody,
  contentEditBody,
  idParam,
  pageNameParam,
  portalNewsQuery,
  siteSettings,
  type ContentAddBody,
} from '@tcm/contract';
import { ok } from '../../http/envelope.js';
import { OPEN, routeOf } from '../../http/route.js';
import { principalOf, requireSys } from '../auth/guard.js';
import { writeAudit } from '../audit/audit.service.js';
import * as svc from './content.service.js';
import { readSiteSettings, saveSiteSettings } from './settings.service.js';

const tags = ['content'];
const route = routeOf(tags);
const B = CONTENT_BUTTONS;

/** News, dynamic pages and settings: back-office editing and what visitors read (docs/site.md). */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  /** Add and edit save alike (an `id` edits) and log which of the two it was. */
  const saveLogged = async (
    request: FastifyRequest,
    body: ContentAddBody & { id?: number },
    action: 'content.add' | 'content.edit',
  ) => {
    const item = await svc.save(db, principalOf(request).user.id, body);
    await writeAudit(db, request, { action, targetId: String(item.id), detail: { kind: item.kind } });
    return item;
  };

  app.post(
    CONTENT_PATHS.list,
    route(requireSys(), 'News or pages, newest change first', {
      querystring: contentListQuery,
      body: contentListBody,
      data: contentPage,
    }),
    async (request) => ok(await svc.list(db, { ...request.query, ...request.body }), request.msgLang),
  );

  app.get(
    CONTENT_PATHS.find(':id'),
    route(requireSys(), 'One item with its body', { params: idParam, data: contentItem }),
    async (request) => ok(await svc.find(db, request.params.id), request.msgLang),
  );

  app.post(
    CONTENT_PATHS.add,
    route(requireSys([B.add]), 'Create an item; the HTML is sanitised', { body: contentAddBody, data: contentItem }),
    async (request) => ok(await saveLogged(request, request.body, 'content.add'), request.msgLang),
  );

  app.post(
    CONTENT_PATHS.edit,
    route(requireSys([B.edit]), 'Change an item; the HTML is sanitised', { body: contentEditBody, data: contentItem }),
    async (request) => ok(await saveLogged(request, request.body, 'content.edit'), request.msgLang),
  );

  app.post(
    CONTENT_PATHS.publish,
    route(requireSys([B.publish]), 'Publish now or on a date, or back to draft', {
      body: contentPublishBody,
      data: contentItem,
    }),
    async (request) => {
      const item = await svc.publish(db, request.body);
      await writeAudit(db, request, {
        action: 'content.publish',
        targetId: String(item.id),
        detail: { published: item.published, publishAt: item.publishAt },
      });
      return ok(item, request.msgLang);
    },
  );

  app.delete(
    CONTENT_PATHS.remove(':id'),
    route(requireSys([B.remove]), 'Delete an item', { params: idParam, data: z.null() }),
    async (request) => {
      await svc.remove(db, request.params.id);
      await writeAudit(db, request, { action: 'content.remove', targetId: String(request.params.id) });
      return ok(null, request.msgLang);
    },
  );

  app.get(
    CONTENT_PATHS.settings,
    route(requireSys(), 'Organization settings', { data: siteSettings }),
    async (request) => ok(await readSiteSettings(db), request.msgLang),
  );

  app.post(
    CONTENT_PATHS.settings,
    route(requireSys([B.settingsEdit]), 'Save the organisation settings (site and PDF reports)', {
      body: siteSettings,
      data: siteSettings,
    }),
    async (request) => {
      const saved = await saveSiteSettings(db, request.body);
      await writeAudit(db, request, { action: 'settings.save' });
      return ok(saved, request.msgLang);
    },
  );

  // ---- public: no token (route-inventory OPEN list) ----

  app.get(
    CONTENT_PATHS.portalNews,
    route(OPEN, 'Published news in the reader language', {
      querystring: portalNewsQuery,
      data: contentPage,
    }),
    async (request) =>
      ok(await svc.publicNews(db, request.msgLang, request.query.page, request.query.size), request.msgLang),
  );

  app.get(
    CONTENT_PATHS.portalNewsItem(':id'),
    route(OPEN, 'One published news item', { params: idParam, data: contentItem }),
    async (request) => ok(await svc.publicNewsItem(db, request.params.id), request.msgLang),
  );

  app.get(
    CONTENT_PATHS.portalPage(':name'),
    route(OPEN, 'A published page (/pages/{name}) in the reader language, else Chinese', {
      params: pageNameParam,
      data: contentItem,
    }),
    async (request) => ok(await svc.publicPage(db, request.params.name, request.msgLang), request.msgLang),
  );

  app.get(
    CONTENT_PATHS.portalSettings,
    route(OPEN, 'Organization name, logo and contact for the site', {
      data: siteSettings,
    }),
    async (request) => ok(await readSiteSettings(db), request.msgLang),
  );
};
