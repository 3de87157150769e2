/** The market contract's schemas, split by topic; import from here or from the topic file. */
export * from './primitives';
export * from './markets';
export * from './lists';
export * from './klines';
export * from './chart';
export * from './ingest';
export * from './live';
