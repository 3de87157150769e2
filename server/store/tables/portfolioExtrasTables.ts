/** Tables of portfolio and symbol settings, tags, markers and rulesets (migration 009). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PortfolioExtrasTables {}
