import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DEVICE_ERRORS,
  DEVICE_PATHS,
  DEVICE_UPLOAD_FILE_FIELDS,
  deviceCredentialsSchema,
  deviceRegisterBodySchema,
  deviceSchema,
  FILE_ERRORS,
  RECORD_ERRORS,
  recordCreatedSchema,
  recordDetailSchema,
  recordPersonSchema,
  reportLanguageSchema,
  vitalsSchema,
  type CaptureSlot,
} from '@tcm/contract';
import { AppError } from '../../http/app-error.js';
import { assertNoNul } from '../../http/nul-guard.js';
import { msgLang, ok } from '../../http/envelope.js';
import { routeOf } from '../../http/route.js';
import { principalOf, requireAuth } from '../auth/guard.js';
import { saveFile } from '../files/files.service.js';
import { readMultipart } from '../files/multipart.js';
import { audit, findRecord } from '../records/records.repo.js';
import { personValues, recordDetail, SLOT_KIND, startRecord } from '../records/records.service.js';
import {
  authenticateDevice,
  disableDevice,
  memberTeam,
  presentDevice,
  registerDevice,
  teamDevices,
  type DeviceRow,
} from './devices.service.js';

const route = routeOf(['devices']);
const leader = requireAuth({ entrances: ['member'] });

/** The device each request authenticated as, set by `deviceGuard` before its body is read. */
const deviceOfRequest = new WeakMap<FastifyRequest, DeviceRow>();

/** onRequest guard of the device API: 401 (4002001) before any body or parameter check, like `requireAuth`. */
async function deviceGuard(request: FastifyRequest): Promise<void> {
  deviceOfRequest.set(request, await authenticateDevice(request.server.ctx.db, request));
}

function deviceOf(request: FastifyRequest): DeviceRow {
  const device = deviceOfRequest.get(request);
  if (!device) throw new AppError(DEVICE_ERRORS.DEVICE_AUTH_INVALID);
  return device;
}

function jsonField<T extends z.ZodType>(raw: string | undefined, schema: T, field: string): z.infer<T> | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new AppError(DEVICE_ERRORS.DEVICE_VITALS_INVALID, `${field}: not JSON`);
  }
  assertNoNul(value, field); // a \u0000 escape inside the JSON text decodes to NUL only here
  const r = schema.safeParse(value);
  if (!r.success) {
    const i = r.error.issues[0];
    throw new AppError(
      DEVICE_ERRORS.DEVICE_VITALS_INVALID,
      `${field}.${i?.path.join('.') ?? ''}: ${i?.message ?? 'invalid'}`,
    );
  }
  return r.data;
}

/** Device registration by a team leader, and the device upload API (HTTP Basic deviceId:secret). */
export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx;

  app.post(
    DEVICE_PATHS.register,
    route(leader, 'Register a device to the leader’s team; the secret is shown this once', {
      body: deviceRegisterBodySchema,
      data: deviceCredentialsSchema,
    }),
    async (request) => {
      const p = principalOf(request);
      const created = await registerDevice(db, p, request.body);
      await audit(db, {
        action: 'device.register',
        actorUserId: p.user.id,
        targetId: created.id,
        ip: request.ip,
        detail: { name: created.name },
      });
      return ok(created, request.msgLang);
    },
  );

  app.get(
    DEVICE_PATHS.list,
    route(leader, 'Devices of the caller’s team (any member; no secrets)', { data: z.array(deviceSchema) }),
    async (request) =>
      ok((await teamDevices(db, memberTeam(principalOf(request)))).map(presentDevice), request.msgLang),
  );

  app.post(
    DEVICE_PATHS.disable(':id'),
    route(leader, 'Disable a device of the team (its credentials stop working)', {
      params: z.object({ id: z.string().uuid() }),
      data: deviceSchema,
    }),
    async (request) => {
      const p = principalOf(request);
      const row = await disableDevice(db, p, request.params.id);
      await audit(db, { action: 'device.disable', actorUserId: p.user.id, targetId: row.id, ip: request.ip });
      return ok(presentDevice(row), request.msgLang);
    },
  );

  app.post(
    DEVICE_PATHS.upload,
    route(
      deviceGuard,
      'Device upload (HTTP Basic deviceId:secret): multipart `tongue` (required), `face`, `pulse`, `voice`, JSON fields `vitals`, `person`, and `lang`',
      { consumes: ['multipart/form-data'], security: [{ deviceBasic: [] }], data: recordCreatedSchema },
    ),
    async (request) => {
      const device = deviceOf(request);
      const { files, fields } = await readMultipart(request, DEVICE_UPLOAD_FILE_FIELDS);
      if (!files.get('tongue')) throw new AppError(FILE_ERRORS.FILE_MISSING, undefined, { field: 'tongue' });
      const vitals = jsonField(fields.vitals, vitalsSchema, 'vitals');
      const person = jsonField(fields.person, recordPersonSchema, 'person') ?? {};
      const langField = reportLanguageSchema.safeParse(fields.lang);
      const lang = langField.success ? langField.data : msgLang(request.language);
      const ids: Partial<Record<CaptureSlot, string>> = {};
      for (const slot of DEVICE_UPLOAD_FILE_FIELDS) {
        const part = files.get(slot);
        if (!part) continue;
        const f = await saveFile(db, ctx.storage, {
          bytes: part.bytes,
          name: part.name,
          accept: { kinds: [SLOT_KIND[slot]] },
          engines: ctx.engines,
          deviceId: device.id,
        });
        ids[slot] = f.id;
      }
      const created = await startRecord(
        ctx,
        {
          source: 'device',
          ...personValues(person),
          teamId: device.teamId,
          deviceId: device.id,
          files: ids,
          vitals: vitals && Object.keys(vitals).length ? vitals : null,
          lang,
        },
        { deviceId: device.id, ip: request.ip },
      );
      return ok(created, request.msgLang);
    },
  );

  app.get(
    DEVICE_PATHS.record(':id'),
    route(deviceGuard, 'A record this device uploaded (HTTP Basic deviceId:secret)', {
      params: z.object({ id: z.string().uuid() }),
      security: [{ deviceBasic: [] }],
      data: recordDetailSchema,
    }),
    async (request) => {
      const device = deviceOf(request);
      const r = await findRecord(db, request.params.id);
      if (!r) throw new AppError(RECORD_ERRORS.RECORD_NOT_FOUND);
      if (r.deviceId !== device.id) throw new AppError(RECORD_ERRORS.RECORD_FORBIDDEN);
      return ok(await recordDetail(ctx, r, request.msgLang), request.msgLang);
    },
  );
};
