// The public face of worker/tools/: what the rest of the source may use. Anything else in this directory is its own.
export { TOOL_NAMES, TOOL_SCHEMAS, ToolFatalError, runAction } from './run-action.js';
export type { ToolLimits, ToolResult } from './run-action.js';
export { isAllowed, isDenied, openSandbox, resolveModelPath } from './sandbox.js';
export type { DeniedPrefix, Sandbox } from './sandbox.js';
