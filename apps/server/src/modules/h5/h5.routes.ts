import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  H5_PATHS,
  h5PageSchema,
  h5SessionBody,
  h5SessionSchema,
  h5SubmitBody,
  h5SubmittedSchema,
  h5TokenParams,
} from '@tcm/contract';
import { ok, okSchema } from '../../http/envelope.js';
import { callerOf, signed } from '../open-api/signature.js';
import { createSession, openPage, submitCapture } from './h5.service.js';
import { OPEN, routeOf } from '../../http/route.js';

const tags = ['h5'];
const route = routeOf(tags);

/** The H5 capture page's calls (issue 25 item 3; docs/open-api.md "H5 capture page"). */
export const h5Routes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    H5_PATHS.session,
    {
      ...signed('h5'),
      schema: {
        tags: ['open-api'],
        summary: 'A one-use H5 capture link for one person (needs the corporation flag h5)',
        description:
          'The return URL’s origin must be on the corporation’s allow-list (400 4510002). The link works once, until `expiresAt`; when the person is done the page returns to the URL with `tcm_task`, `tcm_state`, `tcm_ts` and `tcm_sig` = hex HMAC-SHA256(app secret, "h5.return\\n" + task + "\\n" + state + "\\n" + ts).',
        body: h5SessionBody,
        security: [{ tcmSignature: [] }],
        response: { 200: okSchema(h5SessionSchema) },
      },
    },
    async (request) => ok(await createSession(ctx, callerOf(request), request.body, request.ip), request.msgLang),
  );

  // Open: the link's 256-bit token is the credential (no account; a phone or WeChat browser).
  app.get(
    H5_PATHS.open(':token'),
    route(OPEN, 'The page of a link: the partner’s branding (410 when used or expired)', {
      params: h5TokenParams,
      data: h5PageSchema,
    }),
    async (request) => ok(await openPage(ctx, request.params.token), request.msgLang),
  );

  app.post(
    H5_PATHS.submit(':token'),
    route(
      OPEN,
      'Submit the photos of a link once: the Open API’s analysis; answers the share token and the return URL',
      {
        params: h5TokenParams,
        body: h5SubmitBody,
        data: h5SubmittedSchema,
      },
    ),
    async (request) => ok(await submitCapture(ctx, request.params.token, request.body, request.ip), request.msgLang),
  );
};
