/** The admin audit log (migration 012). SCAFFOLD. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AuditTables {}
