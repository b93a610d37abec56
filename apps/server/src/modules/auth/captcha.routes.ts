import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_PATHS,
  dragChallenge,
  dragPayload,
  HTTP_ERRORS,
  jigsawChallenge,
  jigsawCheckBody,
  tokenResult,
} from '@tcm/contract';
import { AppError } from '../../http/app-error.js';
import { ok, okSchema } from '../../http/envelope.js';
import { parseOr400 } from '../../http/validation.js';
import { assertClient } from './client-auth.js';
import { checkDrag, createDrag } from './drag.service.js';
import { checkJigsaw, createJigsaw } from './jigsaw.service.js';
import { setAccessCookie, signInWithPassword } from './signin.service.js';
import { OPEN, routeOf } from '../../http/route.js';

const tags = ['auth'];
const route = routeOf(tags);

/** Reads the multipart field `ld` (and nothing else) of the drag-captcha login. */
async function readLdField(
  parts: AsyncIterableIterator<{ type: string; fieldname: string; value?: unknown; file?: NodeJS.ReadableStream }>,
): Promise<string> {
  let ld: string | undefined;
  for await (const part of parts) {
    if (part.type === 'file') {
      part.file?.resume();
      continue;
    }
    if (part.fieldname === 'ld' && typeof part.value === 'string') ld = part.value;
  }
  if (!ld) throw new AppError(HTTP_ERRORS.VALIDATION, 'body.ld: required multipart field (missing)');
  return ld;
}

function decodeLd(ld: string): unknown {
  if (ld.length > 200_000 || !/^[A-Za-z0-9+/=_-]+$/.test(ld))
    throw new AppError(HTTP_ERRORS.VALIDATION, 'body.ld: must be base64 of JSON (invalid_format)');
  try {
    return JSON.parse(Buffer.from(ld, 'base64').toString('utf8'));
  } catch {
    throw new AppError(HTTP_ERRORS.VALIDATION, 'body.ld: must be base64 of JSON (invalid_format)');
  }
}

/** Jigsaw captcha (register/check) and drag-captcha login (spec §7 Auth, docs/auth.md). */
export const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.ctx;

  /** A GET that issues a new one-time challenge (never cached: each answer spends one). */
  const issuer = (path: string, summary: string, data: z.ZodType, create: () => Promise<unknown>) =>
    app.get(path, { schema: { tags, summary, response: { 200: okSchema(data) } } }, async (request, reply) => {
      assertClient(request, config.clientId, config.clientSecret);
      reply.header('cache-control', 'no-store');
      return ok(await create(), request.msgLang);
    });

  issuer(
    AUTH_PATHS.jigsawRegister,
    'New jigsaw challenge: background with the hole and decoys + the piece (PNG data URLs)',
    jigsawChallenge,
    () => createJigsaw(db, config.captchaPowBits),
  );
  issuer(
    AUTH_PATHS.dragRegister,
    'New drag challenge: the slider width the drag login must cross (single use, 120 s)',
    dragChallenge,
    () => createDrag(db, config.captchaPowBits),
  );

  app.post(
    AUTH_PATHS.jigsawCheck,
    route(OPEN, 'Answer a jigsaw challenge with credentials; success returns the tokens', {
      body: jigsawCheckBody,
      data: tokenResult,
    }),
    async (request, reply) => {
      assertClient(request, config.clientId, config.clientSecret);
      const { captchaId, x, pow, ...cred } = request.body;
      const tokens = await signInWithPassword(app.ctx, {
        ...cred,
        ip: request.ip,
        captcha: () => checkJigsaw(db, captchaId, x, pow, config.captchaPowBits),
      });
      setAccessCookie(reply, tokens);
      return ok(tokens, request.msgLang);
    },
  );

  app.post(
    AUTH_PATHS.dragLogin,
    route(
      OPEN,
      'Drag-captcha login: multipart field ld = base64(JSON {captchaId, loginName, loginPassword, entrance, width, track})',
      {
        consumes: ['multipart/form-data'],
        data: tokenResult,
      },
    ),
    async (request, reply) => {
      assertClient(request, config.clientId, config.clientSecret);
      if (!request.isMultipart())
        throw new AppError(HTTP_ERRORS.UNSUPPORTED_MEDIA_TYPE, 'multipart/form-data with field ld expected');
      const payload = parseOr400(dragPayload, decodeLd(await readLdField(request.parts())), 'ld');
      const tokens = await signInWithPassword(app.ctx, {
        ...payload,
        ip: request.ip,
        captcha: () => checkDrag(db, payload, config.captchaPowBits),
      });
      setAccessCookie(reply, tokens);
      return ok(tokens, request.msgLang);
    },
  );
};
