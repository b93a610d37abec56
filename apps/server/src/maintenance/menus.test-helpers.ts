import { expect } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { menus, roleMenus } from '../db/schema/index.js';

// The repairs' tests make "a database from before" a page existed by taking that page out of a
// freshly seeded menu tree, then check what the repair added and whom it granted it to.

/** Takes out the pages at these paths with their buttons (as a database seeded before them). */
export async function dropPages(db: Db, paths: string[]): Promise<number> {
  const pages = await db.select({ id: menus.id }).from(menus).where(inArray(menus.path, paths));
  const ids = pages.map((m) => m.id);
  if (!ids.length) return 0;
  await db.delete(menus).where(inArray(menus.pid, ids));
  await db.delete(menus).where(inArray(menus.id, ids));
  return ids.length;
}

/** The role grants of the buttons with these codes, and how many such buttons there are. */
export async function grantsOfButtons(db: Db, codes: string[]): Promise<{ buttons: number; grants: unknown[] }> {
  const buttons = await db.select({ id: menus.id }).from(menus).where(inArray(menus.buttonCode, codes));
  const ids = buttons.map((m) => m.id);
  const grants = ids.length ? await db.select().from(roleMenus).where(inArray(roleMenus.menuId, ids)) : [];
  return { buttons: ids.length, grants };
}

/**
 * Runs a repair dry, for real, and again: the dry run and the second run change nothing (`none`),
 * the first adds what an older database lacked (`added`).
 */
export async function expectAddsOnce<T>(
  repair: (db: Db, options: { dryRun: boolean }) => Promise<T>,
  db: Db,
  none: T,
  added: T,
): Promise<void> {
  expect(await repair(db, { dryRun: true })).toEqual(none);
  expect(await repair(db, { dryRun: false })).toEqual(added);
  expect(await repair(db, { dryRun: false })).toEqual(none);
}
