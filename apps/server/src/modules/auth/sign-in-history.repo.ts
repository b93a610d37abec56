import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { signInEvents } from '../../db/schema/index.js';

export type SignInEventRow = typeof signInEvents.$inferSelect;

/** One password sign-in attempt on an existing account; code 0 = success. */
export async function recordSignIn(
  db: Db,
  e: { userId: string; entrance: string; ip: string; code: number },
): Promise<void> {
  await db.insert(signInEvents).values({ ...e, success: e.code === 0 });
}

/** A page of one account's attempts, newest first. */
export async function signInHistory(
  db: Db,
  userId: string,
  page: number,
  size: number,
): Promise<{ rows: SignInEventRow[]; total: number }> {
  const rows = await db
    .select()
    .from(signInEvents)
    .where(eq(signInEvents.userId, userId))
    .orderBy(desc(signInEvents.createdAt), desc(signInEvents.id))
    .limit(size)
    .offset((page - 1) * size);
  const [n] = await db.select({ n: count() }).from(signInEvents).where(eq(signInEvents.userId, userId));
  return { rows, total: n?.n ?? 0 };
}
