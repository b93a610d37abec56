import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONSOLE_BUTTONS as B,
  CONSOLE_PATHS,
  consoleIdParams,
  consoleMemberFlagsBody,
  consoleTeam,
  consoleTeamAddBody,
  consoleTeamLeaderBody,
  consoleTeamMember,
} from '@tcm/contract';
import { ok, okSchema } from '../../http/envelope.js';
import { routeOf } from '../../http/route.js';
import { requireSys } from '../auth/guard.js';
import * as teams from '../teams/platform-teams.service.js';
import { assertManageable, assertTeamInScope, teamScopeWhere } from './data-scope.js';
import { scopeOf } from './users.routes.js';

const route = routeOf(['console']);
const members = { 200: okSchema(z.array(consoleTeamMember)) };

/** Teams across the platform (issue 22 item 1) under /backend/sys/v1/team; rules in modules/teams. */
export const consoleTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    CONSOLE_PATHS.teamList,
    route(requireSys(), 'Every team with its leader and size', { data: z.array(consoleTeam) }),
    async (request) => ok(await teams.listTeams(db, teamScopeWhere(await scopeOf(request))), request.msgLang),
  );

  app.post(
    CONSOLE_PATHS.teamAdd,
    route(requireSys([B.teamAdd]), 'Create a team (button sysTeam-add)', {
      body: consoleTeamAddBody,
      data: consoleTeam,
    }),
    async (request) => {
      // An organization-scoped caller's new team lands in its organization, so it stays in its list.
      const s = await scopeOf(request);
      return ok(await teams.createTeam(db, request.body.name, s.orgIds ? s.me.organizationId : null), request.msgLang);
    },
  );

  app.get(
    CONSOLE_PATHS.teamMembers(':id'),
    route(requireSys(), 'Members of a team with their flags', { params: consoleIdParams, response: members }),
    async (request) => {
      await assertTeamInScope(db, await scopeOf(request), request.params.id);
      return ok(await teams.teamMembers(db, request.params.id), request.msgLang);
    },
  );

  app.post(
    CONSOLE_PATHS.teamLeader,
    route(requireSys([B.teamLeader]), "Appoint the team's leader (button sysTeam-leader)", {
      body: consoleTeamLeaderBody,
      response: members,
    }),
    async (request) => {
      const s = await scopeOf(request);
      await assertTeamInScope(db, s, request.body.teamId);
      await assertManageable(db, s, request.body.userId);
      return ok(await teams.appointLeader(db, request.body.teamId, request.body.userId), request.msgLang);
    },
  );

  app.post(
    CONSOLE_PATHS.memberFlags,
    route(
      requireSys([B.memberFlags]),
      'Set canConfigTreatPlan / displayPermission / canDoctorAgent (button sysTeam-flags)',
      {
        body: consoleMemberFlagsBody,
        data: consoleTeamMember,
      },
    ),
    async (request) => {
      await assertManageable(db, await scopeOf(request), request.body.userId);
      return ok(await teams.setMemberFlags(db, request.body), request.msgLang);
    },
  );
};
