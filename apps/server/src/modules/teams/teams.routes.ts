import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applicationListQuery,
  applicationSchema,
  applyBody,
  decideBody,
  homeRecordSchema,
  invitationCreateBody,
  invitationSchema,
  memberFlagsBody,
  memberHomeSchema,
  TEAM_PATHS,
  teamCreateBody,
  teamItemParams,
  teamMemberRow,
  teamOverview,
  teamRecordsQuery,
  teamRenameBody,
  teamStatsSchema,
  teamUserParams,
} from '@tcm/contract';
import { ok, okSchema } from '../../http/envelope.js';
import { routeOf } from '../../http/route.js';
import { principalOf, requireAuth } from '../auth/guard.js';
import * as svc from './teams.service.js';
import * as homeSvc from './home.service.js';

const route = routeOf(['teams']);
/** Every team call is a member's; who may manage is decided in team-rules.ts (403 1410001). */
const member = requireAuth({ entrances: ['member'] });
const done = okSchema(z.null());

/** Member teams, join applications and the member home (docs/member.md). */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const me = (request: Parameters<typeof principalOf>[0]) => principalOf(request).user;

  app.get(TEAM_PATHS.mine, route(member, "The caller's team", { data: teamOverview }), async (request) =>
    ok(await svc.overview(db, me(request)), request.msgLang),
  );

  app.post(
    TEAM_PATHS.create,
    route(member, 'Found a team (caller leads it)', { body: teamCreateBody, data: teamOverview }),
    async (request) => ok(await svc.createTeam(db, me(request), request.body.name), request.msgLang),
  );

  app.post(
    TEAM_PATHS.rename,
    route(member, 'Rename the team (leader)', { body: teamRenameBody, data: teamOverview }),
    async (request) => ok(await svc.renameTeam(db, me(request), request.body.name), request.msgLang),
  );

  app.post(
    TEAM_PATHS.invitations,
    route(member, 'New invitation code and link (leader)', { body: invitationCreateBody, data: invitationSchema }),
    async (request) => ok(await svc.createInvitation(db, me(request), request.body.expiresInDays), request.msgLang),
  );

  app.post(
    TEAM_PATHS.revokeInvitation(':id'),
    route(member, 'Revoke an invitation (leader)', { params: teamItemParams, response: { 200: done } }),
    async (request) => {
      await svc.revokeInvitation(db, me(request), request.params.id);
      return ok(null, request.msgLang);
    },
  );

  app.post(
    TEAM_PATHS.apply,
    route(member, 'Apply to join with a code', { body: applyBody, data: applicationSchema }),
    async (request) => ok(await svc.apply(db, me(request), request.body.code, request.body.message), request.msgLang),
  );

  app.get(
    TEAM_PATHS.myApplications,
    route(member, "The caller's applications and outcomes", { data: z.array(applicationSchema) }),
    async (request) => ok(await svc.myApplications(db, me(request)), request.msgLang),
  );

  app.get(
    TEAM_PATHS.applications,
    route(member, "The team's applications (leader)", {
      querystring: applicationListQuery,
      data: z.array(applicationSchema),
    }),
    async (request) => ok(await svc.teamApplicationsOf(db, me(request), request.query.status), request.msgLang),
  );

  app.post(
    TEAM_PATHS.decide(':id'),
    route(member, 'Approve or reject (reason required) an application (leader)', {
      params: teamItemParams,
      body: decideBody,
      data: applicationSchema,
    }),
    async (request) =>
      ok(
        await svc.decide(db, me(request), request.params.id, request.body.approve, request.body.reason),
        request.msgLang,
      ),
  );

  app.post(
    TEAM_PATHS.leave,
    route(member, 'Leave the team (records stay yours)', { response: { 200: done } }),
    async (request) => {
      await svc.leave(db, me(request));
      return ok(null, request.msgLang);
    },
  );

  app.post(
    TEAM_PATHS.remove(':userId'),
    route(member, 'Remove a member (leader)', { params: teamUserParams, response: { 200: done } }),
    async (request) => {
      await svc.removeMember(db, me(request), request.params.userId);
      return ok(null, request.msgLang);
    },
  );

  app.post(
    TEAM_PATHS.flags(':userId'),
    route(member, "Grant or withdraw another member's flags (leader, only flags the leader holds)", {
      params: teamUserParams,
      body: memberFlagsBody,
      data: teamMemberRow,
    }),
    async (request) => ok(await svc.setFlags(db, me(request), request.params.userId, request.body), request.msgLang),
  );

  app.get(
    TEAM_PATHS.homeMine,
    route(member, 'Own latest results, trends, next check', { data: memberHomeSchema }),
    async (request) => ok(await homeSvc.memberHome(db, me(request), request.msgLang), request.msgLang),
  );

  app.get(TEAM_PATHS.homeTeam, route(member, 'Team statistics (leader)', { data: teamStatsSchema }), async (request) =>
    ok(await homeSvc.teamStats(db, me(request), request.msgLang), request.msgLang),
  );

  app.get(
    TEAM_PATHS.homeTeamRecords,
    route(member, 'Records behind one chart segment (leader)', {
      querystring: teamRecordsQuery,
      data: z.array(homeRecordSchema),
    }),
    async (request) =>
      ok(await homeSvc.teamRecordsOf(db, me(request), request.query, request.msgLang), request.msgLang),
  );
};
