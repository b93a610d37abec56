import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ARCHIVE_BUTTONS, ARCHIVE_PATHS, caseGroupSchema, groupAddBody, joinGroupsBody } from '@tcm/contract';
import { ok } from '../../http/envelope.js';
import { principalOf } from '../auth/guard.js';
import { writeAudit, writeAuditMany } from '../audit/audit.service.js';
import { doctor, route } from './archive.route-kit.js';
import * as svc from './archive.service.js';

/**
 * Case groups: join cases to groups, list and create the caller's groups. Registered by
 * `archiveRoutes` (archive.routes.ts).
 */
export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx;

  app.post(
    ARCHIVE_PATHS.joinGroups,
    route(doctor([ARCHIVE_BUTTONS.group]), 'Put own cases into an own group, or out of any (groupId null)', {
      body: joinGroupsBody,
      data: z.null(),
    }),
    async (request) => {
      await svc.joinGroups(ctx, principalOf(request), request.body.ids, request.body.groupId);
      await writeAuditMany(db, request, 'archive.group', request.body.ids, { groupId: request.body.groupId });
      return ok(null, request.msgLang);
    },
  );

  app.get(
    ARCHIVE_PATHS.groups,
    route(doctor(), 'Own groups and groups shared with the caller', { data: z.array(caseGroupSchema) }),
    async (request) => ok(await svc.groups(ctx, principalOf(request)), request.msgLang),
  );

  app.post(
    ARCHIVE_PATHS.addGroup,
    route(doctor([ARCHIVE_BUTTONS.group]), 'New case group, shared with doctors by login name', {
      body: groupAddBody,
      data: caseGroupSchema,
    }),
    async (request) => {
      const g = await svc.addGroup(ctx, principalOf(request), request.body);
      await writeAudit(db, request, {
        action: 'archive.group.create',
        targetId: g.id,
        detail: { shareWith: request.body.shareWith },
      });
      return ok(g, request.msgLang);
    },
  );
};
