import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';

export interface PasswordTarget {
  id: string;
  loginName: string;
  entrance: string;
  passwordHash: string | null;
}

/** The account a password change or reset applies to, by id or by login name. */
export async function findTarget(
  db: Db,
  by: { id: string } | { loginName: string },
): Promise<PasswordTarget | undefined> {
  return db
    .select({ id: users.id, loginName: users.loginName, entrance: users.entrance, passwordHash: users.passwordHash })
    .from(users)
    .where('id' in by ? eq(users.id, by.id) : eq(users.loginName, by.loginName))
    .then((r) => r[0]);
}

/**
 * Stores the new hash and revokes the user's live sessions except `keepSessionId`, in one
 * transaction: a stolen session must not outlive the change that was meant to shut it out.
 * Returns how many sessions were revoked. `mustChangePassword`: an administrator's reset obliges
 * the user to choose their own password; their own change frees them.
 */
export async function replacePassword(
  db: Db,
  userId: string,
  passwordHash: string,
  reason: string,
  opts: { keepSessionId?: string; mustChangePassword: boolean },
): Promise<number> {
  const { keepSessionId, mustChangePassword } = opts;
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, mustChangePassword }).where(eq(users.id, userId));
    const live = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokeReason: reason })
      .where(keepSessionId ? and(live, ne(sessions.id, keepSessionId)) : live)
      .returning({ id: sessions.id });
    return revoked.length;
  });
}
