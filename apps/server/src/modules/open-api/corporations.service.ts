import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, gte, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  OPEN_API_ERRORS,
  OPEN_API_OPERATIONS,
  type AppKey,
  type AppKeyCredentials,
  type Corporation,
  type UsageDay,
  type appKeyAddBody,
  type corporationAddBody,
  type corporationEditBody,
} from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { corporations, openApiCounters, openApiKeys } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { dayStart } from './counters.js';
import { checkBranding } from '../h5/h5-branding.js';
import type { SecretSealer } from '../../services.js';

type CorporationRow = typeof corporations.$inferSelect;
export type KeyRow = typeof openApiKeys.$inferSelect;

const present = (c: CorporationRow, activeKeys: number): Corporation => ({
  id: c.id,
  name: c.name,
  contact: c.contact,
  flags: { api: c.menuApi, h5: c.menuH5, wx: c.menuWx },
  enabled: c.enabled,
  h5: { brandName: c.h5BrandName, colour: c.h5Color, logo: c.h5Logo, returnOrigins: c.h5ReturnOrigins },
  activeKeys,
  createdAt: c.createdAt.toISOString(),
});

export const presentKey = (k: KeyRow): AppKey => ({
  id: k.id,
  corporationId: k.corporationId,
  appKey: k.appKey,
  label: k.label,
  status: k.status,
  rateLimitPerMin: k.rateLimitPerMin,
  dailyQuota: k.dailyQuota,
  createdAt: k.createdAt.toISOString(),
  rotatedAt: k.rotatedAt?.toISOString() ?? null,
  revokedAt: k.revokedAt?.toISOString() ?? null,
});

/** 256 random bits; the app key itself is public (it names the key), the secret is not. */
const newSecret = () => randomBytes(32).toString('base64url');
const newAppKey = () => `tcm_${randomBytes(12).toString('hex')}`;

async function activeKeyCounts(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: openApiKeys.corporationId, n: count() })
    .from(openApiKeys)
    .where(and(inArray(openApiKeys.corporationId, ids), eq(openApiKeys.status, 'active')))
    .groupBy(openApiKeys.corporationId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

export async function listCorporations(db: Db): Promise<Corporation[]> {
  const rows = await db.select().from(corporations).orderBy(asc(corporations.name));
  const n = await activeKeyCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => present(r, n.get(r.id) ?? 0));
}

async function nameFree(db: Db, name: string, except?: string): Promise<void> {
  const [row] = await db.select({ id: corporations.id }).from(corporations).where(eq(corporations.name, name));
  if (row && row.id !== except) throw new AppError(OPEN_API_ERRORS.CORPORATION_NAME_TAKEN);
}

export async function addCorporation(db: Db, body: z.infer<typeof corporationAddBody>): Promise<Corporation> {
  await nameFree(db, body.name);
  const [row] = await db
    .insert(corporations)
    .values({
      name: body.name,
      contact: body.contact || null,
      menuApi: body.flags.api,
      menuH5: body.flags.h5,
      menuWx: body.flags.wx,
    })
    .returning();
  return present(row!, 0);
}

export async function findCorporation(db: Db, id: string): Promise<CorporationRow> {
  const [row] = await db.select().from(corporations).where(eq(corporations.id, id));
  if (!row) throw new AppError(OPEN_API_ERRORS.CORPORATION_NOT_FOUND);
  return row;
}

export async function editCorporation(db: Db, body: z.infer<typeof corporationEditBody>): Promise<Corporation> {
  await findCorporation(db, body.id);
  if (body.name) await nameFree(db, body.name, body.id);
  const branding = checkBranding(body.h5);
  const [row] = await db
    .update(corporations)
    .set({
      ...(body.name ? { name: body.name } : {}),
      ...(body.contact !== undefined ? { contact: body.contact || null } : {}),
      ...(body.flags?.api !== undefined ? { menuApi: body.flags.api } : {}),
      ...(body.flags?.h5 !== undefined ? { menuH5: body.flags.h5 } : {}),
      ...(body.flags?.wx !== undefined ? { menuWx: body.flags.wx } : {}),
      ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
      ...branding,
    })
    .where(eq(corporations.id, body.id))
    .returning();
  const n = await activeKeyCounts(db, [body.id]);
  return present(row!, n.get(body.id) ?? 0);
}

export async function corporationKeys(db: Db, corporationId: string): Promise<AppKey[]> {
  await findCorporation(db, corporationId);
  const rows = await db
    .select()
    .from(openApiKeys)
    .where(eq(openApiKeys.corporationId, corporationId))
    .orderBy(asc(openApiKeys.createdAt));
  return rows.map(presentKey);
}

export async function addKey(
  db: Db,
  box: SecretSealer,
  body: z.infer<typeof appKeyAddBody>,
): Promise<AppKeyCredentials> {
  await findCorporation(db, body.corporationId);
  const secret = newSecret();
  const [row] = await db
    .insert(openApiKeys)
    .values({
      corporationId: body.corporationId,
      appKey: newAppKey(),
      secretEnc: box.seal(secret),
      label: body.label || null,
      rateLimitPerMin: body.rateLimitPerMin,
      dailyQuota: body.dailyQuota,
    })
    .returning();
  return { ...presentKey(row!), secret };
}

async function findKey(db: Db, id: string): Promise<KeyRow> {
  const [row] = await db.select().from(openApiKeys).where(eq(openApiKeys.id, id));
  if (!row) throw new AppError(OPEN_API_ERRORS.APP_KEY_NOT_FOUND);
  return row;
}

/** A new secret for the same app key: the old secret stops at once (partners switch on our answer). */
export async function rotateKey(db: Db, box: SecretSealer, id: string): Promise<AppKeyCredentials> {
  const key = await findKey(db, id);
  if (key.status !== 'active') throw new AppError(OPEN_API_ERRORS.APP_KEY_REVOKED);
  const secret = newSecret();
  const [row] = await db
    .update(openApiKeys)
    .set({ secretEnc: box.seal(secret), rotatedAt: new Date() })
    .where(eq(openApiKeys.id, id))
    .returning();
  return { ...presentKey(row!), secret };
}

export async function revokeKey(db: Db, id: string): Promise<AppKey> {
  await findKey(db, id);
  const [row] = await db
    .update(openApiKeys)
    .set({ status: 'revoked', revokedAt: new Date() })
    .where(eq(openApiKeys.id, id))
    .returning();
  return presentKey(row!);
}

/** Calls per UTC day and operation, errors and analyses, summed over the corporation's keys. */
export async function corporationUsage(db: Db, corporationId: string, days: number): Promise<UsageDay[]> {
  await findCorporation(db, corporationId);
  const from = new Date(dayStart().getTime() - (days - 1) * 86_400_000);
  const rows = await db
    .select({ bucket: openApiCounters.bucket, day: openApiCounters.windowStart, n: openApiCounters.count })
    .from(openApiCounters)
    .innerJoin(openApiKeys, eq(openApiKeys.id, openApiCounters.keyId))
    .where(and(eq(openApiKeys.corporationId, corporationId), gte(openApiCounters.windowStart, from)));
  const out: UsageDay[] = [];
  for (let i = 0; i < days; i++) {
    const day = new Date(from.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    out.push({ day, calls: {}, errors: 0, analyses: 0 });
  }
  const byDay = new Map(out.map((d) => [d.day, d]));
  for (const r of rows) {
    if (r.bucket === 'rate') continue;
    const d = byDay.get(r.day.toISOString().slice(0, 10));
    if (!d) continue;
    if (r.bucket === 'errors') d.errors += r.n;
    else if (r.bucket === 'analyses') d.analyses += r.n;
    else {
      const op = r.bucket.slice(3) as (typeof OPEN_API_OPERATIONS)[number];
      if (r.bucket.startsWith('op:') && OPEN_API_OPERATIONS.includes(op)) d.calls[op] = (d.calls[op] ?? 0) + r.n;
    }
  }
  return out;
}
