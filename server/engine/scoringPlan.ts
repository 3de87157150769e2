import type { Kysely } from 'kysely';
import type { Timeframe } from '../../contract/codes';
import type { StrategyBody } from '../../contract/signals/strategy-body';
import type { Database } from '../store/schema';
import { groupsRepository } from '../store/repositories/groups';
import { strategiesRepository } from '../store/repositories/strategies';
import { subscriptionsRepository } from '../store/repositories/subscriptions';

/** An active link of a subscription to a portfolio: where its signals place orders. */
export interface PlannedLink {
  id: number;
  portfolioId: number;
  confirmation: boolean;
}

/** One active subscription as the engine scores it. */
export interface PlannedSubscription {
  id: number;
  ownerId: number;
  name: string;
  strategyId: number;
  strategyName: string;
  /** Live scoring follows the strategy's newest version; scores record which one. */
  strategyVersion: number;
  body: StrategyBody;
  timeframe: Timeframe;
  confirmationMode: number;
  /** Every symbol of its groups, each once. */
  symbols: { market: string; symbol: string }[];
  links: PlannedLink[];
}

/** What makes a subscription's scorers: another fingerprint means they are built again. */
export const scorerFingerprint = (s: PlannedSubscription) => `${s.strategyId}:${s.strategyVersion}:${s.timeframe}`;

/**
 * Reads what the engine must score now: every active subscription with its strategy's newest body,
 * the symbols of its groups and its active links. A few queries, whatever the number of
 * subscriptions, so the engine can re-read it every few seconds and follow every edit (from this
 * process or another) without being told.
 */
export async function loadScoringPlan(db: Kysely<Database>): Promise<PlannedSubscription[]> {
  const subscriptions = await subscriptionsRepository.allActive(db);
  if (subscriptions.length === 0) return [];
  const ids = subscriptions.map((s) => s.id);
  const groupIds = await subscriptionsRepository.groupIds(db, ids);
  const allGroups = [...new Set([...groupIds.values()].flat())];
  const symbolsByGroup = new Map<number, { market: string; symbol: string }[]>();
  for (const row of await groupsRepository.symbolsOfGroups(db, allGroups)) {
    const list = symbolsByGroup.get(row.group_id) ?? [];
    list.push({ market: row.market, symbol: row.symbol });
    symbolsByGroup.set(row.group_id, list);
  }
  const links = await subscriptionsRepository.linksOf(db, ids);
  const strategies = new Map<number, { version: number; body: StrategyBody } | null>();
  const plan: PlannedSubscription[] = [];
  for (const s of subscriptions) {
    if (!strategies.has(s.strategy_id)) {
      const row = await strategiesRepository.findById(db, s.strategy_id);
      const body = row ? await strategiesRepository.body(db, row.id, row.version) : undefined;
      strategies.set(s.strategy_id, row && body ? { version: row.version, body } : null);
    }
    const strategy = strategies.get(s.strategy_id);
    if (!strategy) continue;
    const seen = new Set<string>();
    const symbols: { market: string; symbol: string }[] = [];
    for (const groupId of groupIds.get(s.id) ?? []) {
      for (const item of symbolsByGroup.get(groupId) ?? []) {
        const key = `${item.market}:${item.symbol}`;
        if (seen.has(key)) continue;
        seen.add(key);
        symbols.push(item);
      }
    }
    plan.push({
      id: s.id,
      ownerId: s.owner_id,
      name: s.name,
      strategyId: s.strategy_id,
      strategyName: s.strategy_name,
      strategyVersion: strategy.version,
      body: strategy.body,
      timeframe: s.timeframe as Timeframe,
      confirmationMode: s.confirmation_mode,
      symbols,
      links: links
        .filter((l) => l.subscription_id === s.id && l.is_active === 1)
        .map((l) => ({ id: l.id, portfolioId: l.portfolio_id, confirmation: l.confirmation === 1 })),
    });
  }
  return plan;
}
