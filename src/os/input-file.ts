// Reading a file the harness takes as input (the prompt file, the config file, the task list, a plan, a worker's
// task.json, its own state files): only a regular file, and never more than a cap. Every such file sits where the
// agent (or a user) can replace it, by a FIFO, a device, a directory or a file of many gigabytes; a plain
// readFile() would block on the FIFO's open() in the thread pool, where no stop request (the STOP file, SIGTERM, a
// second SIGINT) can reach it and the process cannot even exit, or read /dev/zero until memory runs out. So the
// file is looked at before it is opened (a device is never opened), opened with O_NONBLOCK and O_NOCTTY (an open
// that never waits for a FIFO's writer, nor takes a terminal), checked again on the opened descriptor (S_ISREG:
// what was replaced between the look and the open is caught), and read up to the cap only.
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readSync,
  statSync,
  type Stats,
} from 'node:fs';
import { lstat, open, stat, type FileHandle } from 'node:fs/promises';
import { EXIT, HarnessError } from '../errors/exit-codes.js';

/** The most the harness reads of a prompt, config, task list, plan or state file: 4 MiB. */
export const INPUT_MAX_BYTES = 4 * 1024 * 1024;

const FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY;

/**
 * The flags for appending to a log the agent could replace (the event log, the progress log): O_NONBLOCK makes
 * the open of a FIFO with no reader fail at once (ENXIO) instead of waiting for one, where no stop request could
 * reach it. A regular file (and a device such as /dev/full) is appended to as with `appendFile`.
 */
export const APPEND_FLAGS =
  constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NONBLOCK | constants.O_NOCTTY;

export interface InputFileOptions {
  /** What the file is, for the message: `prompt file`, `config file`. Default `input file`. */
  what?: string;
  /** The cap in bytes (INPUT_MAX_BYTES unless given); Infinity for an append-only log read whole. */
  maxBytes?: number;
  /** Refuse a symbolic link at the path itself (ELOOP), for a file taken back from the agent's tree. */
  noFollow?: boolean;
}

/**
 * A file refused unread: not a regular file (code ENOTREG, or EISDIR for a directory) or larger than its cap
 * (EFBIG). Exit code 18 (EXIT.inputFile). Other failures (ENOENT, EACCES) reject with the system's own error.
 */
export class InputFileError extends HarnessError {
  override readonly name = 'InputFileError';

  constructor(
    readonly path: string,
    message: string,
    readonly code: 'ENOTREG' | 'EISDIR' | 'EFBIG',
  ) {
    super(message, EXIT.inputFile);
  }
}

/** `a FIFO (named pipe)`, `a character device`, …: what a non-regular file is, in words. */
export function fileKind(info: Stats): string {
  if (info.isFIFO()) return 'a FIFO (named pipe)';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isDirectory()) return 'a directory';
  if (info.isSocket()) return 'a socket';
  if (info.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}

const mib = (bytes: number): string => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;

/** The refusal for `info`, or null when it is a regular file within the cap. */
export function refusal(path: string, info: Stats, options: InputFileOptions = {}): InputFileError | null {
  const what = options.what ?? 'input file';
  const max = options.maxBytes ?? INPUT_MAX_BYTES;
  if (!info.isFile()) {
    return new InputFileError(
      path,
      `${what} ${path} is ${fileKind(info)}, not a regular file: the harness reads only regular files ` +
        '(a FIFO or a device could block it, or never end); replace it with a regular file',
      info.isDirectory() ? 'EISDIR' : 'ENOTREG',
    );
  }
  if (info.size > max) return tooLarge(path, what, max, info.size);
  return null;
}

function tooLarge(path: string, what: string, max: number, size: number | null): InputFileError {
  const found = size === null ? 'more than that' : `${size} bytes`;
  return new InputFileError(
    path,
    `${what} ${path} is larger than the ${mib(max)} the harness reads of it (${found}): shorten it`,
    'EFBIG',
  );
}

/**
 * Opens `path` for reading once it is known to be a regular file within the cap; the caller reads and closes.
 * Rejects with an InputFileError when it is not, or with the system's error (ENOENT…) when it cannot be opened.
 */
export async function openInputFile(path: string, options: InputFileOptions = {}): Promise<FileHandle> {
  const early = look(path, await (options.noFollow ? lstat(path) : stat(path)), options);
  if (early) throw early;
  const handle = await open(path, flags(options));
  try {
    const late = refusal(path, await handle.stat(), options);
    if (late) throw late;
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/** The file's bytes: a regular file of at most the cap (InputFileError otherwise). */
export async function readInputFile(path: string, options: InputFileOptions = {}): Promise<Buffer> {
  const handle = await openInputFile(path, options);
  try {
    if (options.maxBytes === Infinity) return await handle.readFile();
    return await readCapped(path, options, (buffer, at) =>
      handle.read(buffer, 0, buffer.length, at).then((r) => r.bytesRead),
    );
  } finally {
    await handle.close();
  }
}

/** The file's text (UTF-8): see readInputFile. */
export async function readInputText(path: string, options: InputFileOptions = {}): Promise<string> {
  return (await readInputFile(path, options)).toString('utf8');
}

/**
 * openInputFile without the thread pool: the descriptor and what fstat says of it (a regular file within the
 * cap). For many small files read one after another, where each await of the pool would leave the harness idle.
 * The caller reads and closes.
 */
export function openInputFileSync(path: string, options: InputFileOptions = {}): { fd: number; info: Stats } {
  const early = look(path, options.noFollow ? lstatSync(path) : statSync(path), options);
  if (early) throw early;
  const fd = openSync(path, flags(options));
  try {
    const info = fstatSync(fd);
    const late = refusal(path, info, options);
    if (late) throw late;
    return { fd, info };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/** readInputText without the thread pool, for small files read many times a second (the worker's own). */
export function readInputTextSync(path: string, options: InputFileOptions = {}): string {
  const { fd } = openInputFileSync(path, options);
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(CHUNK);
      const read = readSync(fd, chunk, 0, CHUNK, total);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      total += read;
      if (total > (options.maxBytes ?? INPUT_MAX_BYTES)) throw overCap(path, options);
    }
    return Buffer.concat(chunks, total).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

const CHUNK = 64 * 1024;

/** The refusal before the open; a symlink under noFollow is left to the open, which fails with ELOOP. */
const look = (path: string, info: Stats, options: InputFileOptions): InputFileError | null =>
  info.isSymbolicLink() ? null : refusal(path, info, options);

const flags = (options: InputFileOptions): number =>
  options.noFollow ? FLAGS | constants.O_NOFOLLOW : FLAGS;

const overCap = (path: string, options: InputFileOptions): InputFileError =>
  tooLarge(path, options.what ?? 'input file', options.maxBytes ?? INPUT_MAX_BYTES, null);

/** Reads chunk by chunk to the end, refusing (not cutting) a file that grew past the cap since it was checked. */
async function readCapped(
  path: string,
  options: InputFileOptions,
  read: (buffer: Buffer, at: number) => Promise<number>,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(CHUNK);
    const got = await read(chunk, total);
    if (got === 0) break;
    chunks.push(chunk.subarray(0, got));
    total += got;
    if (total > (options.maxBytes ?? INPUT_MAX_BYTES)) throw overCap(path, options);
  }
  return Buffer.concat(chunks, total);
}
