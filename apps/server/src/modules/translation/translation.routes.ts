import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  originalHash,
  portalEntryQuery,
  TRANSLATION_BUTTONS,
  TRANSLATION_ERRORS,
  TRANSLATION_LANG_LABELS,
  TRANSLATION_PATHS,
  TRANSLATION_QUERY_FIELDS,
  translationCreateBody,
  translationEntry,
  translationInit,
  translationListBody,
  translationListQuery,
  translationPage,
  translationUpdateBody,
} from '@tcm/contract';
import { AppError } from '../../http/app-error.js';
import { assertNoNul } from '../../http/nul-guard.js';
import { ok } from '../../http/envelope.js';
import { OPEN, routeOf } from '../../http/route.js';
import { requireSys } from '../auth/guard.js';
import * as svc from './translation.service.js';

const tags = ['translation'];
const route = routeOf(tags);
const idParams = z.object({ id: z.coerce.number().int().min(1) });

const FIELD_LABELS: Record<keyof typeof TRANSLATION_QUERY_FIELDS, { zh: string; en: string }> = {
  originalText: TRANSLATION_LANG_LABELS.originalText,
  en: TRANSLATION_LANG_LABELS.en,
  zhHant: TRANSLATION_LANG_LABELS.zhHant,
  remark: { zh: '备注', en: 'Remark' },
  id: { zh: '编号', en: 'Id' },
  createdAt: { zh: '创建时间', en: 'Created' },
};

/** Parses the `entry` query of the public language-resource calls: JSON of the entry fields. */
function entryOf<T extends z.ZodType>(schema: T, raw: string): z.infer<T> {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new AppError(TRANSLATION_ERRORS.ENTRY_INVALID, 'entry: must be JSON');
  }
  assertNoNul(json, 'entry'); // a \u0000 escape inside the JSON text decodes to NUL only here
  const r = schema.safeParse(json);
  if (!r.success) {
    const i = r.error.issues[0];
    throw new AppError(
      TRANSLATION_ERRORS.ENTRY_INVALID,
      `entry.${i?.path.join('.') ?? ''}: ${i?.message ?? 'invalid'}`,
    );
  }
  return r.data;
}

/** Translation admin under /backend/interfacesvc/languageTranslation and the public resource calls (spec §7). */
export const translationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.post(
    TRANSLATION_PATHS.list,
    route(requireSys(), 'Page of entries: keyword and/or combined query', {
      querystring: translationListQuery,
      body: translationListBody,
      data: translationPage,
    }),
    async (request) => ok(await svc.list(db, { ...request.query, ...(request.body ?? {}) }), request.msgLang),
  );

  app.get(
    TRANSLATION_PATHS.init,
    route(requireSys(), 'Languages and queryable fields of the admin screen', { data: translationInit }),
    async (request) =>
      ok(
        {
          languages: Object.entries(TRANSLATION_LANG_LABELS).map(([key, l]) => ({ key, zh: l.zh, en: l.en })),
          queryFields: Object.entries(TRANSLATION_QUERY_FIELDS).map(([name, type]) => ({
            name,
            type,
            ...FIELD_LABELS[name as keyof typeof TRANSLATION_QUERY_FIELDS],
          })),
        },
        request.msgLang,
      ),
  );

  app.post(
    TRANSLATION_PATHS.create,
    route(requireSys([TRANSLATION_BUTTONS.add]), 'New entry; the key is the SHA-256 of the original', {
      body: translationCreateBody,
      data: translationEntry,
    }),
    async (request) => ok(await svc.create(db, request.body), request.msgLang),
  );

  app.post(
    TRANSLATION_PATHS.update,
    route(requireSys([TRANSLATION_BUTTONS.edit]), 'Change translations and remark (the original is immutable)', {
      body: translationUpdateBody,
      data: translationEntry,
    }),
    async (request) => ok(await svc.update(db, request.body), request.msgLang),
  );

  app.delete(
    TRANSLATION_PATHS.remove(':id'),
    route(requireSys([TRANSLATION_BUTTONS.remove]), 'Delete an entry', { params: idParams, data: z.null() }),
    async (request) => {
      await svc.remove(db, request.params.id);
      return ok(null, request.msgLang);
    },
  );

  app.get(
    TRANSLATION_PATHS.find(':id'),
    route(requireSys(), 'One entry', { params: idParams, data: translationEntry }),
    async (request) => ok(await svc.find(db, request.params.id), request.msgLang),
  );

  // Public-site language resource: entry fields as URL-encoded JSON in `entry` (spec §7).
  app.get(
    TRANSLATION_PATHS.portalFind,
    route(OPEN, 'Find by hash (entry = {"originalHash"} or {"originalText"}); data null when none', {
      querystring: portalEntryQuery,
      data: translationEntry.nullable(),
    }),
    async (request) => {
      const e = entryOf(
        z.union([z.object({ originalHash }), z.object({ originalText: z.string().trim().min(1).max(20000) })]),
        request.query.entry,
      );
      const hash = 'originalHash' in e ? e.originalHash : svc.originalHashOf(e.originalText);
      return ok(await svc.findByHash(db, hash), request.msgLang);
    },
  );

  app.post(
    TRANSLATION_PATHS.portalCreate,
    route(requireSys([TRANSLATION_BUTTONS.add]), 'Create from the site (entry = create fields as JSON)', {
      querystring: portalEntryQuery,
      data: translationEntry,
    }),
    async (request) => ok(await svc.create(db, entryOf(translationCreateBody, request.query.entry)), request.msgLang),
  );

  app.post(
    TRANSLATION_PATHS.portalUpdate,
    route(requireSys([TRANSLATION_BUTTONS.edit]), 'Update from the site (entry = update fields as JSON)', {
      querystring: portalEntryQuery,
      data: translationEntry,
    }),
    async (request) => ok(await svc.update(db, entryOf(translationUpdateBody, request.query.entry)), request.msgLang),
  );
};
