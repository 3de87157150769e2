import type { GroupRow } from '../../store/schema';

/**
 * The folder tree of a user's groups, worked out in memory: a user has at most
 * MAX_GROUPS_PER_USER groups, so one read of them all beats a recursive query per question.
 */

/** Ids of every group below `id` (children, their children…), not `id` itself. */
export function descendantIds(groups: readonly GroupRow[], id: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const group of groups) {
    if (group.node_id === null) continue;
    const list = children.get(group.node_id) ?? [];
    list.push(group.id);
    children.set(group.node_id, list);
  }
  const found = new Set<number>();
  const stack = [...(children.get(id) ?? [])];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (found.has(next)) continue; // a cycle in stored data would otherwise loop for ever
    found.add(next);
    stack.push(...(children.get(next) ?? []));
  }
  return found;
}

/**
 * The sibling order after putting `ids` at `position` (clamped to the end; omitted: the end),
 * the others keeping their relative order. Answers the ids in their new order, positions being
 * their indexes.
 */
export function orderWith(siblings: readonly number[], ids: readonly number[], position?: number): number[] {
  const moving = new Set(ids);
  const rest = siblings.filter((id) => !moving.has(id));
  const at = Math.min(position ?? rest.length, rest.length);
  return [...rest.slice(0, at), ...ids, ...rest.slice(at)];
}

/** Groups in tree-listing order: top-level first, then by parent, each parent's by position. */
export function byTreeOrder(a: GroupRow, b: GroupRow): number {
  return (a.node_id ?? 0) - (b.node_id ?? 0) || a.position - b.position || a.id - b.id;
}
