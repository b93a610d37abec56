import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DOCTOR_APPROVAL_BUTTON,
  DOCTOR_APPROVAL_PATHS as P,
  doctorApproveBody,
  doctorListBody,
  doctorListQuery,
  doctorPage,
  doctorRejectBody,
  doctorRow,
} from '@tcm/contract';
import { ok, okSchema } from '../../http/envelope.js';
import { routeOf } from '../../http/route.js';
import { requireSys } from '../auth/guard.js';
import * as svc from './doctors.service.js';
import { scopeOf } from './users.routes.js';

const route = routeOf(['console']);

/** Doctor registrations awaiting a decision (issue 22 item 1; docs/console.md "Doctors"). */
export const consoleDoctorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const one = { 200: okSchema(doctorRow) };

  app.post(
    P.list,
    route(requireSys(), 'Page of doctor accounts in your data scope: approval state, keyword and/or combined query', {
      querystring: doctorListQuery,
      body: doctorListBody,
      data: doctorPage,
    }),
    async (request) =>
      ok(
        await svc.listDoctors(db, await scopeOf(request), { ...request.query, ...(request.body ?? {}) }),
        request.msgLang,
      ),
  );

  app.post(
    P.approve,
    route(requireSys([DOCTOR_APPROVAL_BUTTON]), 'Approve a registration (button sysDoctor-approve)', {
      body: doctorApproveBody,
      response: one,
    }),
    async (request) =>
      ok(await svc.decide(request, await scopeOf(request), request.body.id, { approval: 'approved' }), request.msgLang),
  );

  app.post(
    P.reject,
    route(
      requireSys([DOCTOR_APPROVAL_BUTTON]),
      'Reject a pending registration with a reason (button sysDoctor-approve)',
      {
        body: doctorRejectBody,
        response: one,
      },
    ),
    async (request) =>
      ok(
        await svc.decide(request, await scopeOf(request), request.body.id, {
          approval: 'rejected',
          reason: request.body.reason,
        }),
        request.msgLang,
      ),
  );
};
