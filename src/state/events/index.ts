// The event log's format in one import: the schemas, the shared value sets, the version, and the one reader.
export * from './enums.js';
export * from './schema.js';
export * from './read.js';
