import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DISPLAY_PATHS,
  displayQuerySchema,
  displaySummarySchema,
  teamDisplayParams,
  type DisplayQuery,
  type DisplaySummary,
} from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { ok } from '../../http/envelope.js';
import { routeOf } from '../../http/route.js';
import { principalOf, requireAuth } from '../auth/guard.js';
import { assertMayShowTeamDisplay } from '../teams/team-rules.js';
import { streamFeed } from './display.feed.js';
import { teamName } from './display.repo.js';
import { singleFlight, summary } from './display.service.js';

const route = routeOf(['display']);
/** The platform display: display accounts only (spec §2 /dpLogin, /display). */
const displayAccount = requireAuth({ entrances: ['display'] });
/** The team display: members; the team and the flag are checked per call (team-rules.ts). */
const member = requireAuth({ entrances: ['member'] });

const PLATFORM = { teamId: null, name: '' };

/** The large-screen display, platform-wide and per team (docs/display.md). */
export const displayRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  /** The team scope a member may show, or 403 (another team, no displayPermission). */
  const teamScope = async (db: Db, request: Parameters<typeof principalOf>[0], teamId: string) => {
    assertMayShowTeamDisplay(principalOf(request).user, teamId);
    return { teamId, name: (await teamName(db, teamId)) ?? '' };
  };
  // One computation per scope and window at a time, whatever the number of screens asking.
  const shared = singleFlight<DisplaySummary>();
  const summaryOf = (scope: { teamId: string | null; name: string }, q: DisplayQuery) =>
    shared(`${scope.teamId ?? 'platform'} ${q.days}`, () => summary(db, scope, q.days));

  app.get(
    DISPLAY_PATHS.summary,
    route(displayAccount, "The platform's display aggregates", {
      querystring: displayQuerySchema,
      data: displaySummarySchema,
    }),
    async (request) => ok(await summaryOf(PLATFORM, request.query), request.msgLang),
  );

  app.get(
    DISPLAY_PATHS.feed,
    route(displayAccount, "The platform's new results (text/event-stream)"),
    async (request, reply) => streamFeed(db, PLATFORM, request, reply),
  );

  app.get(
    DISPLAY_PATHS.teamSummary(':teamId'),
    route(member, "One team's display aggregates (displayPermission, own team)", {
      params: teamDisplayParams,
      querystring: displayQuerySchema,
      data: displaySummarySchema,
    }),
    async (request) =>
      ok(await summaryOf(await teamScope(db, request, request.params.teamId), request.query), request.msgLang),
  );

  app.get(
    DISPLAY_PATHS.teamFeed(':teamId'),
    route(member, "One team's new results (text/event-stream; displayPermission, own team)", {
      params: teamDisplayParams,
    }),
    async (request, reply) => streamFeed(db, await teamScope(db, request, request.params.teamId), request, reply),
  );
};
