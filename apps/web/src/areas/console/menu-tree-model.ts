import type { MenuNode } from '@tcm/contract';

/** Pure helpers of the menu and role screens (tree data, drops, ticks): tested without a browser. */

export const flatten = (nodes: readonly MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

export type DropPlace = 'before' | 'after' | 'inside';

/**
 * The updateMenu query for a drop (docs/console.md "Menus"): the server puts the entry at `sort`
 * and moves the new siblings at that value or later up by one. Before a node: its sort; after it:
 * its sort + 1; inside: after its last child. Null for a drop that changes nothing or is not
 * allowed (into a button, under itself).
 */
export function moveFor(
  all: readonly MenuNode[],
  dragId: number,
  targetId: number,
  place: DropPlace,
): { id: number; sort: number; oldPid: number; newPid: number } | null {
  const byId = new Map(flatten(all).map((n) => [n.id, n]));
  const drag = byId.get(dragId);
  const target = byId.get(targetId);
  if (!drag || !target || dragId === targetId) return null;
  if (place === 'inside' && target.type === 'button') return null;
  const newPid = place === 'inside' ? target.id : target.pid;
  for (let cur = byId.get(newPid); cur; cur = byId.get(cur.pid)) if (cur.id === dragId) return null;
  const lastChild = target.children.filter((c) => c.id !== dragId).at(-1);
  const sort =
    place === 'before' ? target.sort : place === 'after' ? target.sort + 1 : lastChild ? lastChild.sort + 1 : 0;
  return { id: dragId, sort, oldPid: drag.pid, newPid };
}

/** Where an antd Tree drop lands: into the node, or in the gap before or after it. */
export function dropPlace(dropToGap: boolean, dropPosition: number, nodePos: string): DropPlace {
  if (!dropToGap) return 'inside';
  const index = Number(nodePos.split('-').at(-1));
  return dropPosition - index < 0 ? 'before' : 'after';
}

/**
 * Ticking in the role tree (each box on its own): ticking an entry ticks its ancestors, since a
 * page or button is reachable only through them (the server adds them too); unticking one
 * unticks its descendants.
 */
export function toggleGrant(
  all: readonly MenuNode[],
  checked: ReadonlySet<number>,
  id: number,
  on: boolean,
): Set<number> {
  const byId = new Map(flatten(all).map((n) => [n.id, n]));
  const next = new Set(checked);
  if (on) for (let cur = byId.get(id); cur; cur = byId.get(cur.pid)) next.add(cur.id);
  else {
    const node = byId.get(id);
    for (const n of node ? flatten([node]) : []) next.delete(n.id);
  }
  return next;
}
