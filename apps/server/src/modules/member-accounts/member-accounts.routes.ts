import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONSOLE_BUTTONS as B,
  consoleMemberAddBody,
  FILE_ERRORS,
  MEMBER_ACCOUNT_PATHS as P,
  memberImportResult,
  memberRegisterBody,
  memberRegisterResult,
  teamResetPasswordBody,
  teamUserParams,
  unsubscribeBody,
  unsubscribeQuery,
  unsubscribeState,
} from '@tcm/contract';
import { AppError } from '../../http/app-error.js';
import { FORM_OR_JSON } from '../../http/body-type.js';
import { ok } from '../../http/envelope.js';
import { OPEN, routeOf } from '../../http/route.js';
import { writeAudit, writeAuditMany } from '../audit/audit.service.js';
import { assertClient } from '../auth/client-auth.js';
import { principalOf, requireAuth } from '../auth/guard.js';
import { checkJigsaw } from '../auth/jigsaw.service.js';
import { scopeOf } from '../console/users.routes.js';
import { readMultipart } from '../files/multipart.js';
import { limitRegistration } from '../users/registration-limit.js';
import { leaderResetPassword } from './leader-reset.service.js';
import { addMember, importMembers, memberTemplate } from './member-import.js';
import { registerMember } from './register.service.js';
import { stopMessages, unsubscribeState as stateOf } from './unsubscribe.service.js';

const tags = ['member-accounts'];
const route = routeOf(tags);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const adder = requireAuth({ entrances: ['sys'], buttons: [B.userAdd] });

/** Member accounts without WeChat and unsubscribe links (issue 33 items 1 and 5, docs/member.md "Accounts"). */
export const memberAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;

  app.post(
    P.register,
    route(
      async (request) => assertClient(request, config.clientId, config.clientSecret),
      'A member creates their own account (client header, solved jigsaw: captchaId, x, pow); with inviteCode it also applies to that team. 409 1200019 / 1200015 only after the captcha',
      { consumes: FORM_OR_JSON, body: memberRegisterBody, data: memberRegisterResult },
    ),
    async (request) => {
      await limitRegistration(db, 'member', request.ip, config.register.perHour);
      const { captchaId, x, pow, ...account } = request.body;
      // The captcha first: without a solved one nothing is looked up (docs/security.md §14e).
      await checkJigsaw(db, captchaId, x, pow, config.captchaPowBits);
      const r = await registerMember(db, account);
      await writeAudit(db, request, {
        action: 'member.register',
        targetId: r.id,
        detail: { applicationId: r.applicationId },
      });
      return ok(r, request.msgLang);
    },
  );

  app.post(
    P.resetPassword(':userId'),
    route(
      requireAuth({ entrances: ['member'] }),
      "A leader sets a plain team member's password (to be changed at sign-in); every session of theirs ends",
      { params: teamUserParams, body: teamResetPasswordBody, data: z.object({ revokedSessions: z.number().int() }) },
    ),
    async (request) => {
      const me = principalOf(request).user;
      const r = await leaderResetPassword(db, me, request.params.userId, request.body.newPassword);
      await writeAudit(db, request, { action: 'member.password.reset', targetId: request.params.userId });
      return ok(r, request.msgLang);
    },
  );

  app.post(
    P.consoleAdd,
    route(adder, 'Create one member account (button sysUser-add); the first password is changed at sign-in', {
      body: consoleMemberAddBody,
      data: z.object({ id: z.string() }),
    }),
    async (request) => {
      const id = await addMember(db, await scopeOf(request), request.body);
      await writeAudit(db, request, { action: 'member.create', targetId: id });
      return ok({ id }, request.msgLang);
    },
  );

  app.get(
    P.importTemplate,
    route(adder, 'The Excel template of the member import', { produces: [XLSX], response: { 200: z.any() } }),
    async (request, reply) =>
      reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="members-template-${request.msgLang}.xlsx"`)
        .header('cache-control', 'private, no-store')
        .send(await memberTemplate(request.msgLang)),
  );

  app.post(
    P.import,
    route(
      adder,
      'Import members from the Excel template (multipart `file`): all rows or none; 400 1450001 lists every bad row',
      { consumes: ['multipart/form-data'], data: memberImportResult },
    ),
    async (request) => {
      const file = (await readMultipart(request, ['file'])).files.get('file');
      if (!file) throw new AppError(FILE_ERRORS.FILE_MISSING);
      const r = await importMembers(db, await scopeOf(request), file.bytes, request.msgLang);
      await writeAuditMany(db, request, 'member.import', r.ids, { file: file.name, imported: r.imported });
      return ok({ imported: r.imported }, request.msgLang);
    },
  );

  app.get(
    P.unsubscribe,
    route(OPEN, 'What an unsubscribe link stops (no account needed: the signed token names the person)', {
      querystring: unsubscribeQuery,
      data: unsubscribeState,
    }),
    async (request) => {
      const { userId: _, ...state } = await stateOf(db, config, request.query.token);
      return ok(state, request.msgLang);
    },
  );

  app.post(
    P.unsubscribe,
    route(OPEN, 'Confirm an unsubscribe link: the messages it names stop (recorded in the audit log)', {
      consumes: FORM_OR_JSON,
      body: unsubscribeBody,
      data: unsubscribeState,
    }),
    async (request) => {
      const { userId, changed, ...state } = await stopMessages(db, config, request.body.token);
      if (changed)
        await writeAudit(db, request, {
          action: 'message.unsubscribe',
          targetId: userId,
          detail: { kind: state.kind },
        });
      return ok(state, request.msgLang);
    },
  );
};
