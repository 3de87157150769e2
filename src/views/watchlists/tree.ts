import type { Group, GroupSymbol, MarketSymbol } from '../../../contract/signals/relations';

/**
 * The watchlist tree's pure parts: groups into a tree by `node_id` (ordered by `position`), the
 * groups a group may move under, and the new orders that reordering asks the server for.
 */

export interface TreeNode {
  group: Group;
  depth: number;
  children: TreeNode[];
}

const byPosition = (a: Group, b: Group) => a.position - b.position || a.name.localeCompare(b.name) || a.id - b.id;

/** Top-level groups first; a group whose parent is gone is shown at the top rather than lost. */
export function buildTree(groups: readonly Group[]): TreeNode[] {
  const ids = new Set(groups.map((g) => g.id));
  const children = new Map<number | null, Group[]>();
  for (const group of groups) {
    const parent = group.node_id !== null && ids.has(group.node_id) && group.node_id !== group.id ? group.node_id : null;
    children.set(parent, [...(children.get(parent) ?? []), group]);
  }
  const seen = new Set<number>();
  const build = (parent: number | null, depth: number): TreeNode[] =>
    (children.get(parent) ?? [])
      .slice()
      .sort(byPosition)
      .filter((group) => !seen.has(group.id) && seen.add(group.id))
      .map((group) => ({ group, depth, children: build(group.id, depth + 1) }));
  return build(null, 0);
}

/** Depth-first, as the tree is drawn. */
export function flattenTree(nodes: readonly TreeNode[]): TreeNode[] {
  return nodes.flatMap((node) => [node, ...flattenTree(node.children)]);
}

/** The group and everything under it: it cannot move under any of them. */
export function subtreeIds(groups: readonly Group[], id: number): Set<number> {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const group of groups) {
      if (group.node_id !== null && ids.has(group.node_id) && !ids.has(group.id)) {
        ids.add(group.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** The groups of the same parent, in order. */
export function siblingsOf(groups: readonly Group[], group: Group): Group[] {
  return groups.filter((g) => g.node_id === group.node_id).sort(byPosition);
}

/** The position that moves `group` one place up (−1) or down (+1) among its siblings; null at an end. */
export function shiftedPosition(groups: readonly Group[], group: Group, step: -1 | 1): number | null {
  const siblings = siblingsOf(groups, group);
  const index = siblings.findIndex((g) => g.id === group.id);
  const target = index + step;
  return index === -1 || target < 0 || target >= siblings.length ? null : target;
}

/** A group's symbols in display order. */
export function orderedSymbols(group: Pick<Group, 'symbols'>): GroupSymbol[] {
  return (group.symbols ?? []).slice().sort((a, b) => a.position - b.position);
}

/** The whole list with one symbol moved a place up or down, as `update_group_symbols` takes it. */
export function moveSymbol(symbols: readonly GroupSymbol[], index: number, step: -1 | 1): MarketSymbol[] | null {
  const target = index + step;
  if (index < 0 || index >= symbols.length || target < 0 || target >= symbols.length) return null;
  const list = symbols.map((s) => ({ market: s.market, symbol: s.symbol }));
  [list[index], list[target]] = [list[target]!, list[index]!];
  return list;
}

/** The market most of a group's symbols belong to (live prices follow one market at a time). */
export function mainMarket(symbols: readonly GroupSymbol[]): string | null {
  const counts = new Map<string, number>();
  for (const s of symbols) counts.set(s.market, (counts.get(s.market) ?? 0) + 1);
  let best: string | null = null;
  for (const [market, count] of counts) if (best === null || count > counts.get(best)!) best = market;
  return best;
}
