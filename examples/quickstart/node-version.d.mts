// Types of node-version.mjs, for the TypeScript test of it.
export const QUICKSTART_NODE: string;
export function quickstartNodeProblem(version: string): string | null;
