import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { DEVICE_ERRORS, type Device } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { devices } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import type { Principal } from '../auth/principal.repo.js';

export type DeviceRow = typeof devices.$inferSelect;

const hashSecret = (s: string) => createHash('sha256').update(s).digest('hex');

export const presentDevice = (d: DeviceRow): Device => ({
  id: d.id,
  name: d.name,
  location: d.location,
  teamId: d.teamId,
  enabled: d.enabled,
  createdAt: d.createdAt.toISOString(),
  lastSeenAt: d.lastSeenAt ? d.lastSeenAt.toISOString() : null,
});

/** The caller's team (any member of it may see its devices); 403 without one. */
export function memberTeam(p: Principal): string {
  if (p.entrance !== 'member' || !p.user.teamId) throw new AppError(DEVICE_ERRORS.LEADER_REQUIRED);
  return p.user.teamId;
}

/** The caller's team when they lead it; else 403 LEADER_REQUIRED. */
export function leaderTeam(p: Principal): string {
  if (p.entrance !== 'member' || !p.user.teamLeader || !p.user.teamId)
    throw new AppError(DEVICE_ERRORS.LEADER_REQUIRED);
  return p.user.teamId;
}

/**
 * Registers a device: the secret is 256 random bits, returned this once; only its SHA-256 is
 * stored (a random secret needs no slow hash: it cannot be guessed from a dictionary).
 */
export async function registerDevice(db: Db, p: Principal, body: { name: string; location?: string }) {
  const teamId = leaderTeam(p);
  const secret = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(devices)
    .values({
      teamId,
      name: body.name,
      location: body.location ?? null,
      secretHash: hashSecret(secret),
      createdBy: p.user.id,
    })
    .returning();
  return { ...presentDevice(row!), secret };
}

export async function teamDevices(db: Db, teamId: string): Promise<DeviceRow[]> {
  return db.select().from(devices).where(eq(devices.teamId, teamId)).orderBy(desc(devices.createdAt));
}

export async function disableDevice(db: Db, p: Principal, id: string): Promise<DeviceRow> {
  const teamId = leaderTeam(p);
  const [row] = await db.select().from(devices).where(eq(devices.id, id));
  if (!row) throw new AppError(DEVICE_ERRORS.DEVICE_NOT_FOUND);
  if (row.teamId !== teamId) throw new AppError(DEVICE_ERRORS.LEADER_REQUIRED);
  const [updated] = await db
    .update(devices)
    .set({ enabled: false })
    .where(and(eq(devices.id, id), eq(devices.teamId, teamId)))
    .returning();
  return updated!;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Checks HTTP Basic `deviceId:secret`; 401 DEVICE_AUTH_INVALID, 403 DEVICE_DISABLED. */
export async function authenticateDevice(db: Db, request: FastifyRequest): Promise<DeviceRow> {
  const h = request.headers.authorization;
  const m = h ? /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(h) : null;
  const decoded = m?.[1] ? Buffer.from(m[1], 'base64').toString('utf8') : '';
  const i = decoded.indexOf(':');
  const id = decoded.slice(0, i);
  const secret = decoded.slice(i + 1);
  if (i < 0 || !UUID.test(id) || !secret) throw new AppError(DEVICE_ERRORS.DEVICE_AUTH_INVALID);
  const [row] = await db.select().from(devices).where(eq(devices.id, id));
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(row?.secretHash ?? hashSecret('x'), 'hex');
  if (!row || !timingSafeEqual(given, stored)) throw new AppError(DEVICE_ERRORS.DEVICE_AUTH_INVALID);
  if (!row.enabled) throw new AppError(DEVICE_ERRORS.DEVICE_DISABLED);
  await db.update(devices).set({ lastSeenAt: new Date() }).where(eq(devices.id, row.id));
  return row;
}
