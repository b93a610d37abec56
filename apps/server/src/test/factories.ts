import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Entrance } from '@tcm/contract';
import type { Db } from '../db/client.js';
import { roles, teams, userRoles, users } from '../db/schema/index.js';
import { hashPassword } from '../modules/auth/password.js';

export const TEST_PASSWORD = 'Passw0rd-for-tests';
let cachedHash: Promise<string> | undefined;

/** A unique short suffix so tests never collide on unique columns. */
export const uid = () => randomUUID().replace(/-/g, '').slice(0, 12);

export type BuiltUser = typeof users.$inferSelect & { password: string };

/** Inserts a user (default: a back-office user with password TEST_PASSWORD). */
export async function buildUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & { entrance?: Entrance; roleCodes?: string[] } = {},
): Promise<BuiltUser> {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const { roleCodes, ...rest } = overrides;
  const [u] = await db
    .insert(users)
    .values({ entrance: 'sys', loginName: `u_${uid()}`, name: 'Test user', passwordHash: await cachedHash, ...rest })
    .returning();
  if (!u) throw new Error('user insert failed');
  for (const code of roleCodes ?? []) {
    const [r] = await db.select().from(roles).where(eq(roles.code, code));
    if (!r) throw new Error(`role ${code} missing`);
    await db.insert(userRoles).values({ userId: u.id, roleId: r.id });
  }
  return { ...u, password: TEST_PASSWORD };
}

export async function buildTeam(db: Db, name = `team ${uid()}`) {
  const [t] = await db.insert(teams).values({ name }).returning();
  if (!t) throw new Error('team insert failed');
  return t;
}

/** Inserts a role with the given flags; returns its row. */
export async function buildRole(db: Db, overrides: Partial<typeof roles.$inferInsert> = {}) {
  const [r] = await db
    .insert(roles)
    .values({ code: `role_${uid()}`, name: 'Test role', ...overrides })
    .returning();
  if (!r) throw new Error('role insert failed');
  return r;
}
