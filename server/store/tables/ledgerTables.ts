/** Tables of the ledger, balances and fills (migration 008); the ledger helper fills this in. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LedgerTables {}
