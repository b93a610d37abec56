import { eq, or } from 'drizzle-orm';
import { SPEC_ERRORS, type DoctorAccountBody } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { roles, userRoles, users } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { hashPassword } from '../auth/password.js';
import { assertPasswordAllowed } from '../passwords/policy.js';

interface Identity {
  loginName: string;
  email: string;
  phone: string;
}

/** Throws 1200019 / 1200014 / 1200015 when the login name, email or phone is taken (in that order). */
export async function assertIdentityFree(db: Db, id: Identity): Promise<void> {
  const taken = await db
    .select({ loginName: users.loginName, email: users.email, phone: users.phone })
    .from(users)
    .where(or(eq(users.loginName, id.loginName), eq(users.email, id.email.toLowerCase()), eq(users.phone, id.phone)));
  if (taken.some((t) => t.loginName === id.loginName)) throw new AppError(SPEC_ERRORS.LOGIN_NAME_EXISTS);
  if (taken.some((t) => t.email === id.email.toLowerCase())) throw new AppError(SPEC_ERRORS.EMAIL_EXISTS);
  if (taken.some((t) => t.phone === id.phone)) throw new AppError(SPEC_ERRORS.PHONE_EXISTS);
}

/** Maps a unique-violation race (two registrations at once) onto the same spec codes. */
export function duplicateOf(e: unknown): AppError | undefined {
  const c =
    (e as { cause?: { code?: string; constraint?: string } }).cause ?? (e as { code?: string; constraint?: string });
  if (c?.code !== '23505') return undefined;
  if (c.constraint?.includes('email')) return new AppError(SPEC_ERRORS.EMAIL_EXISTS);
  if (c.constraint?.includes('phone')) return new AppError(SPEC_ERRORS.PHONE_EXISTS);
  return new AppError(SPEC_ERRORS.LOGIN_NAME_EXISTS);
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Inserts a registered account with its password hash and, in the same transaction, what belongs
 * with it (`withAccount`: a role, a team application), so that either all of it exists or none; a
 * unique-violation race (two registrations at once) answers the spec's codes (duplicateOf). The
 * caller has made its checks (password rules, identity free) in the order its call answers them.
 */
export async function insertAccount<T>(
  db: Db,
  password: string,
  values: Omit<typeof users.$inferInsert, 'passwordHash'>,
  withAccount: (tx: Tx, userId: string) => Promise<T>,
): Promise<T> {
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      const [u] = await tx
        .insert(users)
        .values({ ...values, passwordHash })
        .returning({ id: users.id });
      return withAccount(tx, u!.id);
    });
  } catch (e) {
    throw duplicateOf(e) ?? e;
  }
}

/** Creates a pending doctor/researcher account with the `doctor` role; returns its id. */
export async function registerDoctor(db: Db, body: DoctorAccountBody): Promise<string> {
  assertPasswordAllowed(body.loginPassword, body.loginName);
  await assertIdentityFree(db, body);
  return insertAccount(
    db,
    body.loginPassword,
    {
      entrance: 'doctor',
      loginName: body.loginName,
      name: body.name,
      email: body.email.toLowerCase(),
      phone: body.phone,
      doctorKind: body.kind,
      organisation: body.organisation ?? null,
      title: body.title ?? null,
      // Waits for a back-office decision before it may sign in (docs/console.md "Doctors").
      approval: 'pending',
    },
    async (tx, userId) => {
      const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, 'doctor'));
      if (role) await tx.insert(userRoles).values({ userId, roleId: role.id });
      return userId;
    },
  );
}
