import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { signInEvents } from '../../db/schema/index.js';
import { tablePage } from '../../db/paging.js';

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
  const order = [desc(signInEvents.createdAt), desc(signInEvents.id)];
  return tablePage(db, signInEvents, eq(signInEvents.userId, userId), order, { page, size });
}
