// The worker's five tools as the model sees them: their names, and a strict schema for each tool's args (an
// unknown key, a missing key or a wrong type is refused before anything touches the disk).
import { z } from 'zod';

export const TOOL_NAMES = ['read_file', 'write_file', 'create_file', 'list_directory', 'find_files'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

/** The caps the tools work under (config [worker]). */
export interface ToolLimits {
  max_read_bytes: number;
  max_write_bytes: number;
  max_find_results: number;
  max_list_entries: number;
}

/** What one action gave: its result, or why it failed (`violation`: a refused path, counted as a security event). */
export type ToolResult =
  | { tool: string; ok: true; result: unknown; note?: string }
  | { tool: string; ok: false; error: string; violation?: true };

const path = (what: string) => z.string().min(1, 'must not be empty').describe(what);
const content = z.string().describe('The whole new content of the file (UTF-8 text)');

export const readFileArgs = z.strictObject({
  path: path('The file to read, relative to the workspace (or absolute inside an allowed path)'),
});
export const writeFileArgs = z.strictObject({
  path: path('The file to write: replaced whole if it exists, created (with its directories) if not'),
  content,
});
export const createFileArgs = z.strictObject({
  path: path('The file to create (with its directories); fails if anything exists there'),
  content,
});
export const listDirectoryArgs = z.strictObject({
  path: path('The directory to list; "." is the workspace'),
});
export const findFilesArgs = z.strictObject({
  pattern: z
    .string()
    .min(1, 'must not be empty')
    .describe(
      'A glob (*, **, ?, [abc], {a,b}); matched against the base name, or against the path below start_path when it contains "/"',
    ),
  start_path: path('The directory to search from; "." is the workspace'),
  max_depth: z
    .int()
    .min(0)
    .max(20)
    .default(3)
    .describe('How many directory levels below start_path to descend (0: start_path itself only)'),
});

export type ReadFileArgs = z.output<typeof readFileArgs>;
export type WriteFileArgs = z.output<typeof writeFileArgs>;
export type CreateFileArgs = z.output<typeof createFileArgs>;
export type ListDirectoryArgs = z.output<typeof listDirectoryArgs>;
export type FindFilesArgs = z.output<typeof findFilesArgs>;

/** Each tool's args, strict: the model's args are parsed with these and nothing else. */
export const TOOL_SCHEMAS = {
  read_file: readFileArgs,
  write_file: writeFileArgs,
  create_file: createFileArgs,
  list_directory: listDirectoryArgs,
  find_files: findFilesArgs,
} as const satisfies Record<ToolName, z.ZodType>;

/** One line per tool, for the model's instructions. */
export const TOOL_DESCRIPTIONS: Record<ToolName, string> = {
  read_file: 'read_file {path}: the text of a file',
  write_file: 'write_file {path, content}: replaces a file whole, or creates it (and its directories)',
  create_file: 'create_file {path, content}: creates a file (and its directories); fails if it exists',
  list_directory: 'list_directory {path}: the names in a directory, directories ending in "/"',
  find_files:
    'find_files {pattern, start_path, max_depth = 3}: paths matching a glob, at most max_depth levels down',
};

export function isToolName(name: string): name is ToolName {
  return (TOOL_NAMES as readonly string[]).includes(name);
}
