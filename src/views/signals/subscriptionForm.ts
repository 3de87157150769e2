import type { StrategySummary } from '../../../contract/signals/strategies';
import type { Subscription, SubscriptionCreate } from '../../../contract/signals/relations';
import type { Timeframe } from '../../../contract/codes';

/** The subscription editor's state and its checks before sending (the server's 422s are shown too). */
export interface SubscriptionDraft {
  name: string;
  strategy_id: number | null;
  timeframe: Timeframe;
  group_ids: number[];
  listing_level: number;
  confirmation_mode: 10 | 20 | 30;
  is_active: boolean;
}

export const CONFIRMATION_MODES = [10, 20, 30] as const;

export function draftOf(subscription: Subscription | null): SubscriptionDraft {
  if (!subscription) {
    return { name: '', strategy_id: null, timeframe: '1h', group_ids: [], listing_level: 50, confirmation_mode: 20, is_active: true };
  }
  return {
    name: subscription.name,
    strategy_id: subscription.strategy_id,
    timeframe: subscription.timeframe,
    group_ids: [...subscription.group_ids],
    listing_level: subscription.listing_level,
    confirmation_mode: subscription.confirmation_mode as SubscriptionDraft['confirmation_mode'],
    is_active: subscription.is_active,
  };
}

/** Translation keys of what is missing, by field. */
export function draftProblems(draft: SubscriptionDraft): Partial<Record<'name' | 'strategy_id' | 'group_ids', string>> {
  const problems: Partial<Record<'name' | 'strategy_id' | 'group_ids', string>> = {};
  if (!draft.name.trim()) problems.name = 'subscriptions.needName';
  if (draft.strategy_id === null) problems.strategy_id = 'subscriptions.needStrategy';
  if (draft.group_ids.length === 0) problems.group_ids = 'subscriptions.needGroups';
  return problems;
}

export function bodyOf(draft: SubscriptionDraft): SubscriptionCreate {
  return {
    name: draft.name.trim(),
    strategy_id: draft.strategy_id!,
    timeframe: draft.timeframe,
    group_ids: draft.group_ids,
    listing_level: draft.listing_level,
    confirmation_mode: draft.confirmation_mode,
    is_active: draft.is_active,
  };
}

/** Built-in strategies first, then the user's own, each by name. */
export function sortStrategies(strategies: readonly StrategySummary[]): StrategySummary[] {
  return strategies.slice().sort((a, b) => Number(b.is_builtin) - Number(a.is_builtin) || a.name.localeCompare(b.name));
}
