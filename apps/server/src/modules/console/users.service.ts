import { and, eq, isNull, ne, or, type SQL } from 'drizzle-orm';
import {
  CONSOLE_ERRORS,
  CONSOLE_USER_QUERY_FIELDS,
  ORGANIZATION_ERRORS,
  SPEC_ERRORS,
  type ConsoleUser,
  type ConsoleUserAddBody,
  type ConsoleUserEditBody,
  type ConsoleUserListBody,
  type ConsoleUserPage,
  type ConsoleUserSort,
  type SignInHistoryPage,
} from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { hashPassword } from '../auth/password.js';
import { signInHistory } from '../auth/sign-in-history.repo.js';
import { presentAccount } from '../users/users.presenter.js';
import { assertPasswordAllowed } from '../passwords/policy.js';
import { buildQueryWhere } from '../query/query-sql.js';
import { assignableOrganization } from '../organizations/organizations.service.js';
import { assertManageable, assertRolesGrantable, isOrgScoped, scopeWhere, type AdminScope } from './data-scope.js';
import * as repo from './users.repo.js';

const WHITELIST = repo.accountWhitelist(CONSOLE_USER_QUERY_FIELDS);

/**
 * Throws 1200019 / 1200014 / 1200015 (spec §8) when another account (not `selfId`) holds the
 * login name, email or phone; absent values are not checked.
 */
export async function assertIdentityFree(
  db: Db,
  id: { loginName?: string; email?: string | null; phone?: string | null },
  selfId?: string,
): Promise<void> {
  const clashes = [
    id.loginName ? eq(users.loginName, id.loginName) : undefined,
    id.email ? eq(users.email, id.email) : undefined,
    id.phone ? eq(users.phone, id.phone) : undefined,
  ].filter((c): c is SQL => c !== undefined);
  if (!clashes.length) return;
  const taken = await db
    .select({ loginName: users.loginName, email: users.email, phone: users.phone })
    .from(users)
    .where(and(or(...clashes), selfId ? ne(users.id, selfId) : undefined));
  if (taken.some((t) => t.loginName === id.loginName)) throw new AppError(SPEC_ERRORS.LOGIN_NAME_EXISTS);
  if (taken.some((t) => id.email && t.email === id.email)) throw new AppError(SPEC_ERRORS.EMAIL_EXISTS);
  if (taken.length) throw new AppError(SPEC_ERRORS.PHONE_EXISTS);
}

function present(u: repo.AccountRow, roles: repo.RoleRef[]): ConsoleUser {
  return {
    ...presentAccount(u),
    organizationId: u.organizationId,
    entrance: u.entrance,
    mustChangePassword: u.mustChangePassword,
    roles,
  };
}

async function presentOne(db: Db, id: string): Promise<ConsoleUser> {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  if (!u) throw new AppError(CONSOLE_ERRORS.USER_NOT_FOUND);
  return present(u, (await repo.rolesOf(db, [id])).get(id) ?? []);
}

export async function listUsers(
  db: Db,
  s: AdminScope,
  q: ConsoleUserListBody & { page: number; size: number; order: 'asc' | 'desc'; sort?: ConsoleUserSort },
): Promise<ConsoleUserPage> {
  const where = and(
    scopeWhere(s),
    q.entrance ? eq(users.entrance, q.entrance) : undefined,
    buildQueryWhere(q.query, WHITELIST),
  );
  const { rows, total } = await repo.listAccounts(db, { where, keyword: q.keyword || undefined, ...q });
  const roles = await repo.rolesOf(
    db,
    rows.map((r) => r.id),
  );
  return { list: rows.map((r) => present(r, roles.get(r.id) ?? [])), total };
}

/**
 * Where a new or edited account belongs: an organization of the tree (its name also written to
 * the free text) when one is given; else, for an organization-scoped caller, the caller's own
 * place (so the account stays manageable); else the free text given.
 */
async function placeOf(
  db: Db,
  s: AdminScope,
  organizationId: string | null | undefined,
  text: string | null,
): Promise<{ organizationId: string | null; organisation: string | null }> {
  if (organizationId) {
    const org = await assignableOrganization(db, s, organizationId);
    return { organizationId: org.id, organisation: org.name };
  }
  if (isOrgScoped(s)) {
    // Taking an account out of every organization would take it out of the caller's scope.
    if (organizationId === null) throw new AppError(ORGANIZATION_ERRORS.OUT_OF_SCOPE);
    return { organizationId: s.me.organizationId, organisation: s.me.organisation };
  }
  return { organizationId: null, organisation: text };
}

/**
 * Creates an account of the back-office, display, disease or training entrance. The first
 * password passes the policy and must be changed at the first sign-in. New accounts land in the
 * creator's organisation when the creator's scope is the organisation, so they stay manageable.
 */
export async function addUser(db: Db, s: AdminScope, body: ConsoleUserAddBody): Promise<ConsoleUser> {
  assertPasswordAllowed(body.password, body.loginName);
  await assertRolesGrantable(db, s, body.roleIds);
  await assertIdentityFree(db, { loginName: body.loginName, email: body.email?.toLowerCase(), phone: body.phone });
  const org = await placeOf(db, s, body.organizationId, body.organisation ?? null);
  const [u] = await db
    .insert(users)
    .values({
      entrance: body.entrance,
      loginName: body.loginName,
      name: body.name,
      email: body.email?.toLowerCase() ?? null,
      phone: body.phone ?? null,
      ...org,
      passwordHash: await hashPassword(body.password),
      mustChangePassword: true,
    })
    .returning({ id: users.id });
  await repo.setRoles(db, u!.id, body.roleIds);
  return presentOne(db, u!.id);
}

export async function editUser(db: Db, s: AdminScope, body: ConsoleUserEditBody): Promise<ConsoleUser> {
  const target = await assertManageable(db, s, body.id);
  const email = body.email === undefined ? undefined : (body.email?.toLowerCase() ?? null);
  await assertIdentityFree(db, { email, phone: body.phone }, target.id);
  const place =
    body.organizationId !== undefined
      ? await placeOf(db, s, body.organizationId, null)
      : // Someone whose scope is their organization cannot move an account out of it by the text.
        { organisation: isOrgScoped(s) ? undefined : body.organisation };
  const values = { name: body.name, email, phone: body.phone, ...place };
  const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length) await db.update(users).set(set).where(eq(users.id, target.id));
  return presentOne(db, target.id);
}

/** Disables (0) or enables (1) an account; disabling ends its sessions at once. */
export async function setUserStatus(db: Db, s: AdminScope, id: string, status: 0 | 1): Promise<ConsoleUser> {
  const target = await assertManageable(db, s, id);
  if (status === 0 && target.id === s.me.id) throw new AppError(CONSOLE_ERRORS.SELF_DISABLE);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ status }).where(eq(users.id, target.id));
    if (status === 0)
      await tx
        .update(sessions)
        .set({ revokedAt: new Date(), revokeReason: 'account-disabled' })
        .where(and(eq(sessions.userId, target.id), isNull(sessions.revokedAt)));
  });
  return presentOne(db, target.id);
}

export async function assignRoles(db: Db, s: AdminScope, userId: string, roleIds: string[]): Promise<ConsoleUser> {
  const target = await assertManageable(db, s, userId);
  await assertRolesGrantable(db, s, roleIds);
  await repo.setRoles(db, target.id, roleIds);
  return presentOne(db, target.id);
}

export async function userSignInHistory(
  db: Db,
  s: AdminScope,
  userId: string,
  page: number,
  size: number,
): Promise<SignInHistoryPage> {
  const target = await assertManageable(db, s, userId);
  const { rows, total } = await signInHistory(db, target.id, page, size);
  return {
    list: rows.map((r) => ({
      id: r.id,
      entrance: r.entrance,
      ip: r.ip,
      success: r.success,
      code: r.code,
      createdAt: r.createdAt.toISOString(),
    })),
    total,
  };
}
