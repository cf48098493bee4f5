import { constants, readSync, closeSync, lstatSync, statSync, openSync, fstatSync } from 'node:fs';
import { lstat, stat, open } from 'node:fs/promises';
import { H as HarnessError, E as EXIT } from './exit-codes-BIDj-cBV.js';
import { w as bootId, p as processStart } from './proc-BHgIj9ip.js';

const INPUT_MAX_BYTES = 4 * 1024 * 1024;
const FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY;
const APPEND_FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NONBLOCK | constants.O_NOCTTY;
class InputFileError extends HarnessError {
  constructor(path, message, code) {
    super(message, EXIT.inputFile);
    this.path = path;
    this.code = code;
  }
  path;
  code;
  name = "InputFileError";
}
function fileKind(info) {
  if (info.isFIFO()) return "a FIFO (named pipe)";
  if (info.isCharacterDevice()) return "a character device";
  if (info.isBlockDevice()) return "a block device";
  if (info.isDirectory()) return "a directory";
  if (info.isSocket()) return "a socket";
  if (info.isSymbolicLink()) return "a symbolic link";
  return "not a regular file";
}
const mib = (bytes) => `${Math.round(bytes / 1024 / 1024 * 10) / 10} MiB`;
function refusal(path, info, options = {}) {
  const what = options.what ?? "input file";
  const max = options.maxBytes ?? INPUT_MAX_BYTES;
  if (!info.isFile()) {
    return new InputFileError(
      path,
      `${what} ${path} is ${fileKind(info)}, not a regular file: the harness reads only regular files (a FIFO or a device could block it, or never end); replace it with a regular file`,
      info.isDirectory() ? "EISDIR" : "ENOTREG"
    );
  }
  if (info.size > max) return tooLarge(path, what, max, info.size);
  return null;
}
function tooLarge(path, what, max, size) {
  const found = size === null ? "more than that" : `${size} bytes`;
  return new InputFileError(
    path,
    `${what} ${path} is larger than the ${mib(max)} the harness reads of it (${found}): shorten it`,
    "EFBIG"
  );
}
async function openInputFile(path, options = {}) {
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
async function readInputFile(path, options = {}) {
  const handle = await openInputFile(path, options);
  try {
    if (options.maxBytes === Infinity) return await handle.readFile();
    return await readCapped(
      path,
      options,
      (buffer, at) => handle.read(buffer, 0, buffer.length, at).then((r) => r.bytesRead)
    );
  } finally {
    await handle.close();
  }
}
async function readInputText(path, options = {}) {
  return (await readInputFile(path, options)).toString("utf8");
}
function openInputFileSync(path, options = {}) {
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
function readInputTextSync(path, options = {}) {
  const { fd } = openInputFileSync(path, options);
  try {
    const chunks = [];
    let total = 0;
    for (; ; ) {
      const chunk = Buffer.allocUnsafe(CHUNK);
      const read = readSync(fd, chunk, 0, CHUNK, total);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      total += read;
      if (total > (options.maxBytes ?? INPUT_MAX_BYTES)) throw overCap(path, options);
    }
    return Buffer.concat(chunks, total).toString("utf8");
  } finally {
    closeSync(fd);
  }
}
const CHUNK = 64 * 1024;
const look = (path, info, options) => info.isSymbolicLink() ? null : refusal(path, info, options);
const flags = (options) => options.noFollow ? FLAGS | constants.O_NOFOLLOW : FLAGS;
const overCap = (path, options) => tooLarge(path, options.what ?? "input file", options.maxBytes ?? INPUT_MAX_BYTES, null);
async function readCapped(path, options, read) {
  const chunks = [];
  let total = 0;
  for (; ; ) {
    const chunk = Buffer.allocUnsafe(CHUNK);
    const got = await read(chunk, total);
    if (got === 0) break;
    chunks.push(chunk.subarray(0, got));
    total += got;
    if (total > (options.maxBytes ?? INPUT_MAX_BYTES)) throw overCap(path, options);
  }
  return Buffer.concat(chunks, total);
}

function processAlive(pid) {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}
function processIdentity(pid = process.pid) {
  return { pid, start: processStart(pid), boot: bootId() };
}
function sameProcessAlive(recorded) {
  if (recorded.start === null) return processAlive(recorded.pid);
  const boot = bootId();
  if (recorded.boot !== null && boot !== null && recorded.boot !== boot) return false;
  return processStart(recorded.pid) === recorded.start;
}

const CAUSES = {
  ENOSPC: "no space left on the device",
  EDQUOT: "disk quota exceeded",
  EIO: "input/output error",
  EROFS: "read-only file system",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EFBIG: "file too large",
  ENOENT: "its directory does not exist",
  ENXIO: "it is a FIFO (named pipe) with no reader, not a regular file"
};
const FATAL_KINDS = {
  ENOSPC: "disk_full",
  EDQUOT: "disk_full",
  EROFS: "permission",
  EACCES: "permission",
  EPERM: "permission"
};
function fatalWriteKind(code) {
  return code === void 0 ? void 0 : FATAL_KINDS[code];
}
function describeCause(error) {
  const code = error?.code;
  if (code !== void 0 && code in CAUSES) return `${CAUSES[code]} (${code})`;
  return error instanceof Error ? error.message : String(error);
}
class HarnessFileError extends HarnessError {
  constructor(file, cause, what = "cannot write") {
    super(`${what} ${file}: ${describeCause(cause)}`, EXIT.writeFailed, { cause });
    this.file = file;
    this.code = cause?.code;
  }
  file;
  name = "HarnessFileError";
  /** The errno code of the cause (ENOSPC, EIO, …), so callers that branch on codes keep working. */
  code;
}
async function namingFile(file, write) {
  try {
    return await write();
  } catch (error) {
    throw error instanceof HarnessFileError ? error : new HarnessFileError(file, error);
  }
}

export { APPEND_FLAGS as A, HarnessFileError as H, InputFileError as I, readInputTextSync as a, INPUT_MAX_BYTES as b, refusal as c, describeCause as d, processIdentity as e, fatalWriteKind as f, readInputFile as g, openInputFileSync as h, namingFile as n, openInputFile as o, processAlive as p, readInputText as r, sameProcessAlive as s };
