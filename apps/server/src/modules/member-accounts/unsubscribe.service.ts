import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { MEMBER_ACCOUNT_ERRORS, messageKind, type MessageKind, type UnsubscribeState } from '@tcm/contract';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { messageOptOuts, users } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { ensureFileUrlKey } from '../../secrets.js';

/**
 * Unsubscribe links (issue 33 item 5, docs/member.md "Unsubscribe"): a token naming the person
 * and the message kind, signed with HMAC-SHA256 so nobody can stop someone else's messages by
 * guessing. The key is the signed-file-URL key (kept in secrets.json and in backups) under its
 * own prefix, so a file signature never passes for a token. Tokens do not expire: a link in an
 * old message must still work.
 */
const keys = new Map<string, string>();
const keyOf = (c: Pick<AppConfig, 'dataDir' | 'files'>): string => {
  let k = keys.get(c.dataDir);
  if (!k) keys.set(c.dataDir, (k = ensureFileUrlKey(c.dataDir, c.files.urlKey)));
  return k;
};

const mac = (c: Pick<AppConfig, 'dataDir' | 'files'>, payload: string) =>
  createHmac('sha256', keyOf(c)).update(`unsubscribe:${payload}`).digest('base64url');

export function unsubscribeToken(c: Pick<AppConfig, 'dataDir' | 'files'>, userId: string, kind: MessageKind): string {
  const payload = Buffer.from(`${userId}|${kind}`).toString('base64url');
  return `${payload}.${mac(c, payload)}`;
}

/** The person and kind a token names, or 400 1450010 (malformed, altered or signed with another key). */
export function readUnsubscribeToken(
  c: Pick<AppConfig, 'dataDir' | 'files'>,
  token: string,
): { userId: string; kind: MessageKind } {
  const invalid = new AppError(MEMBER_ACCOUNT_ERRORS.UNSUBSCRIBE_LINK_INVALID);
  const [payload, sig, extra] = token.split('.');
  if (!payload || !sig || extra !== undefined) throw invalid;
  const want = Buffer.from(mac(c, payload));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) throw invalid;
  const [userId, kind] = Buffer.from(payload, 'base64url').toString().split('|');
  const k = messageKind.safeParse(kind);
  if (!userId || !k.success) throw invalid;
  return { userId, kind: k.data };
}

/** "张三" → "张*": the page confirms whose messages these are without showing the whole name. */
const masked = (name: string) => {
  const chars = [...name];
  return chars[0] + '*'.repeat(Math.min(3, Math.max(1, chars.length - 1)));
};

export async function hasStopped(db: Db, userId: string, kind: MessageKind): Promise<boolean> {
  const r = await db
    .select({ kind: messageOptOuts.kind })
    .from(messageOptOuts)
    .where(and(eq(messageOptOuts.userId, userId), eq(messageOptOuts.kind, kind)));
  return r.length > 0;
}

/** What a link stops and whether it already has; an account that is gone makes the link invalid. */
export async function unsubscribeState(
  db: Db,
  c: AppConfig,
  token: string,
): Promise<UnsubscribeState & { userId: string }> {
  const { userId, kind } = readUnsubscribeToken(c, token);
  const [u] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  if (!u) throw new AppError(MEMBER_ACCOUNT_ERRORS.UNSUBSCRIBE_LINK_INVALID);
  return { userId, kind, name: masked(u.name), stopped: await hasStopped(db, userId, kind) };
}

/** Records the opt-out (once: a second confirmation changes nothing) and answers the new state. */
export async function stopMessages(
  db: Db,
  c: AppConfig,
  token: string,
): Promise<UnsubscribeState & { userId: string; changed: boolean }> {
  const state = await unsubscribeState(db, c, token);
  const added = await db
    .insert(messageOptOuts)
    .values({ userId: state.userId, kind: state.kind })
    .onConflictDoNothing()
    .returning({ kind: messageOptOuts.kind });
  return { ...state, stopped: true, changed: added.length > 0 };
}
