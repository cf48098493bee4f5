// The public face of platform/local/: what the rest of the source may use. Anything else in this directory is its own.
export { ConsoleLogger, formatLine } from './console-logger.js';
