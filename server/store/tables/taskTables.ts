/** Tables of persisted tasks (migration 011). SCAFFOLD: filled in by the task runtime work. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface TaskTables {}
