import { pick } from '../../contract/endpoint';
import { marketEndpoints } from '../../contract/market/endpoints';
import { portfolioEndpoints, portfolioManagerEndpoints } from '../../contract/portfolio/endpoints';

/** The calls of the portfolio screens, picked once. Loaded by those lazy screens only. */
export const portfolioApi = {
  list: pick(portfolioEndpoints, 'portfolio.list'),
  create: pick(portfolioEndpoints, 'portfolio.create'),
  get: pick(portfolioEndpoints, 'portfolio.get'),
  update: pick(portfolioEndpoints, 'portfolio.update'),
  remove: pick(portfolioEndpoints, 'portfolio.delete'),
  lastBalances: pick(portfolioManagerEndpoints, 'portfolio-manager.readAllLastBalances'),
  history: pick(portfolioManagerEndpoints, 'portfolio-manager.readBalanceHistory'),
  ledger: pick(portfolioManagerEndpoints, 'portfolio-manager.readBalance'),
  addTransaction: pick(portfolioManagerEndpoints, 'portfolio-manager.setNewBalance'),
  orders: pick(portfolioManagerEndpoints, 'portfolio-manager.queryOrders'),
  placeOrder: pick(portfolioManagerEndpoints, 'portfolio-manager.setOrder'),
  updateOrder: pick(portfolioManagerEndpoints, 'portfolio-manager.updateOrder'),
  settings: pick(portfolioManagerEndpoints, 'portfolio-manager.getPortfolioSettings'),
  setSettings: pick(portfolioManagerEndpoints, 'portfolio-manager.setPortfolioSettings'),
  removeSetting: pick(portfolioManagerEndpoints, 'portfolio-manager.removePortfolioSetting'),
  symbolSettings: pick(portfolioManagerEndpoints, 'portfolio-manager.getSymbolSettings'),
  setSymbolSettings: pick(portfolioManagerEndpoints, 'portfolio-manager.setSymbolSettings'),
  removeSymbolSetting: pick(portfolioManagerEndpoints, 'portfolio-manager.removeSymbolSetting'),
  allTags: pick(portfolioManagerEndpoints, 'portfolio-manager.getAllSymbolsAndTags'),
  tagSymbol: pick(portfolioManagerEndpoints, 'portfolio-manager.tagSymbol'),
  untagSymbol: pick(portfolioManagerEndpoints, 'portfolio-manager.untagSymbol'),
  rulesetStatus: pick(portfolioManagerEndpoints, 'portfolio-manager.getRulesetStatus'),
  setRuleset: pick(portfolioManagerEndpoints, 'portfolio-manager.setPortfolioRuleset'),
  removeRuleset: pick(portfolioManagerEndpoints, 'portfolio-manager.removePortfolioRuleset'),
  markers: pick(portfolioManagerEndpoints, 'portfolio-manager.getPortfolioMarkers'),
  setMarkers: pick(portfolioManagerEndpoints, 'portfolio-manager.setSymbolMarker'),
  markets: pick(marketEndpoints, 'market.listMarkets'),
} as const;

/** Query tags the portfolio screens refetch by after a change or a socket message. */
export const portfolioTags = {
  list: 'portfolios',
  one: (id: number) => `portfolio:${id}`,
  balances: (id: number) => `portfolio:${id}:balances`,
  orders: (id: number) => `portfolio:${id}:orders`,
  extras: (id: number) => `portfolio:${id}:extras`,
} as const;
