/**
 * The portfolio contract's schemas, split by subject so each file stays small:
 * portfolios, the ledger (transactions and balances), orders, settings and tags, rulesets and
 * markers, and the portfolio socket's messages.
 */
export * from './primitives';
export * from './portfolios';
export * from './ledger';
export * from './orders';
export * from './settings';
export * from './rules';
export * from './socket';
