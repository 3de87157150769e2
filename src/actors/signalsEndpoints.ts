import { pick } from '../../contract/endpoint';
import { marketEndpoints } from '../../contract/market/endpoints';
import { portfolioEndpoints } from '../../contract/portfolio/endpoints';
import { relationsEndpoints, scoreEndpoints, strategyEndpoints } from '../../contract/signals/endpoints';
import { taskEndpoints } from '../../contract/system/endpoints';

/**
 * The calls of the signals screens (watchlists, subscriptions, strategies, the signals board,
 * backtests), picked once. Loaded by those lazy screens only.
 */
export const signalsApi = {
  listGroups: pick(relationsEndpoints, 'relations.listGroups'),
  createGroup: pick(relationsEndpoints, 'relations.createGroup'),
  updateGroup: pick(relationsEndpoints, 'relations.updateGroup'),
  deleteGroup: pick(relationsEndpoints, 'relations.deleteGroup'),
  addGroupSymbols: pick(relationsEndpoints, 'relations.addGroupSymbols'),
  updateGroupSymbols: pick(relationsEndpoints, 'relations.updateGroupSymbols'),
  deleteGroupSymbols: pick(relationsEndpoints, 'relations.deleteGroupSymbols'),
  listStrategiesForSubscriptions: pick(relationsEndpoints, 'relations.listStrategies'),
  ownSubscriptions: pick(relationsEndpoints, 'relations.getOwnSubscriptions'),
  createSubscription: pick(relationsEndpoints, 'relations.createSubscription'),
  updateSubscription: pick(relationsEndpoints, 'relations.updateSubscription'),
  deleteSubscription: pick(relationsEndpoints, 'relations.deleteSubscription'),
  createLink: pick(relationsEndpoints, 'relations.createSubscriptionLink'),
  deleteLink: pick(relationsEndpoints, 'relations.deleteSubscriptionLink'),
  setLinkConfirmation: pick(relationsEndpoints, 'relations.setSubscriptionLinkConfirmation'),
  setLinkActive: pick(relationsEndpoints, 'relations.setSubscriptionLinkActiveStatus'),
  listStrategies: pick(strategyEndpoints, 'strategy.list'),
  getStrategy: pick(strategyEndpoints, 'strategy.get'),
  createStrategy: pick(strategyEndpoints, 'strategy.create'),
  updateStrategy: pick(strategyEndpoints, 'strategy.update'),
  deleteStrategy: pick(strategyEndpoints, 'strategy.delete'),
  backtest: pick(strategyEndpoints, 'strategy.backtest'),
  readLastScores: pick(scoreEndpoints, 'portfolio-manager.readLastScores'),
  taskState: pick(taskEndpoints, 'tasks.state'),
  listPortfolios: pick(portfolioEndpoints, 'portfolio.list'),
  klines: pick(marketEndpoints, 'market.getKlines'),
} as const;

/** Query tags the signals screens refetch by after a change (see useMutation's `invalidates`). */
export const signalsTags = {
  groups: 'groups',
  subscriptions: 'subscriptions',
  scores: 'scores',
  portfolios: 'portfolios',
  strategyList: 'strategy:list',
  strategy: (id: number) => `strategy:${id}`,
} as const;
