/** Tables of notification channels and deliveries (migration 010). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ChannelTables {}
