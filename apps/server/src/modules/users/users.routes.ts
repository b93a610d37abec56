import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_ERRORS,
  doctorInfo,
  doctorRegisterBody,
  doctorRegisterCheckBody,
  memberInfo,
  sysUserInfo,
  teamMember,
  USER_PATHS,
  userInfoBase,
} from '@tcm/contract';
import { teams, users } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { ok } from '../../http/envelope.js';
import { OPEN, routeOf } from '../../http/route.js';
import { assertClient } from '../auth/client-auth.js';
import { principalOf, requireAuth } from '../auth/guard.js';
import { presentDoctor, presentMember, presentUser } from './users.presenter.js';
import { limitRegistration } from './registration-limit.js';
import { registerDoctor } from './users.service.js';
import { checkJigsaw } from '../auth/jigsaw.service.js';
import { memberPages } from '../menu/menu.service.js';

const tags = ['users'];
const route = routeOf(tags);

/** The three user-info calls of spec §7, doctor registration and the team member list. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;

  app.get(
    USER_PATHS.currentSysuser,
    route(
      requireAuth({ entrances: ['sys'], beforePasswordChange: true }),
      'Back-office user info (roles incl. admin, buttons)',
      { data: sysUserInfo },
    ),
    async (request) => ok(presentUser(principalOf(request).user, await request.grants()), request.msgLang),
  );

  app.get(
    USER_PATHS.memberInfo,
    route(requireAuth({ entrances: ['member'], beforePasswordChange: true }), 'Member info with team flags (1 = yes)', {
      data: memberInfo,
    }),
    async (request) => {
      const u = principalOf(request).user;
      const team = u.teamId
        ? await db
            .select({ name: teams.name })
            .from(teams)
            .where(eq(teams.id, u.teamId))
            .then((r) => r[0])
        : undefined;
      const pages = await memberPages(db, u);
      return ok({ ...presentMember(u, await request.grants(), team?.name ?? null), pages }, request.msgLang);
    },
  );

  app.get(
    USER_PATHS.doctorInfo,
    route(requireAuth({ entrances: ['doctor'], beforePasswordChange: true }), 'Doctor / researcher info', {
      data: doctorInfo,
    }),
    async (request) => ok(presentDoctor(principalOf(request).user, await request.grants()), request.msgLang),
  );

  app.get(
    USER_PATHS.currentUser,
    route(
      requireAuth({ beforePasswordChange: true }),
      'Info of the caller, whatever its entrance (display, disease, training...)',
      { data: userInfoBase },
    ),
    async (request) => ok(presentUser(principalOf(request).user, await request.grants()), request.msgLang),
  );

  app.post(
    USER_PATHS.doctorRegisterCheck,
    route(OPEN, 'Registration step 1: checks the form only; answers alike for taken and free names (issue 35 item 8)', {
      body: doctorRegisterCheckBody,
      data: z.null(),
    }),
    async (request) => {
      assertClient(request, config.clientId, config.clientSecret);
      await limitRegistration(db, 'check', request.ip, config.register.checksPerHour);
      // No lookup: whether a name, email or phone is taken is said only at the final,
      // captcha-protected step, so this call cannot list accounts (docs/security.md §14e).
      return ok(null, request.msgLang);
    },
  );

  app.post(
    USER_PATHS.doctorRegister,
    route(
      OPEN,
      'Registration final step (solved jigsaw: captchaId, x, pow): create the doctor account, or 409 1200019 / 1200014 / 1200015',
      {
        body: doctorRegisterBody,
        data: z.object({ id: z.string() }),
      },
    ),
    async (request) => {
      assertClient(request, config.clientId, config.clientSecret);
      await limitRegistration(db, 'register', request.ip, config.register.perHour);
      const { captchaId, x, pow, ...account } = request.body;
      // The captcha first: without a solved one nothing is looked up (1100410 / 1100411).
      await checkJigsaw(db, captchaId, x, pow, config.captchaPowBits);
      return ok({ id: await registerDoctor(db, account) }, request.msgLang);
    },
  );

  app.get(
    '/backend/member/team/:teamId/members',
    route(requireAuth({ entrances: ['member'] }), 'Members of a team: only its own members may list it', {
      params: z.object({ teamId: z.string().uuid() }),
      data: z.array(teamMember),
    }),
    async (request) => {
      const me = principalOf(request).user;
      if (me.teamId !== request.params.teamId) throw new AppError(AUTH_ERRORS.FORBIDDEN);
      const rows = await db
        .select()
        .from(users)
        .where(eq(users.teamId, request.params.teamId))
        .orderBy(users.loginName);
      return ok(
        rows.map((u) => ({
          id: u.id,
          loginName: u.loginName,
          name: u.name,
          teamLeader: u.teamLeader ? (1 as const) : (0 as const),
        })),
        request.msgLang,
      );
    },
  );
};
