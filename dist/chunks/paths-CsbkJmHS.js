import { unlink, open, rename, readdir, stat } from 'node:fs/promises';
import { join, dirname, basename, isAbsolute, resolve } from 'node:path';
import { l as lockPathFor } from './instance-lock-BqpK38Bs.js';
import { createHash } from 'node:crypto';
import { closeSync, createWriteStream } from 'node:fs';
import { F as openInputFileSync, o as openInputFile } from './input-file-Cbt1w_j3.js';
import { PassThrough, Transform } from 'node:stream';
import { S as SYNC_READ_MAX, w as withChunkReader, R as READ_CHUNK } from './chunk-reader-0BRVJma9.js';
import { pipeline } from 'node:stream/promises';
import * as zlib from 'node:zlib';

const OPEN = { what: "transcript", maxBytes: Infinity };
let known = null;
const identity = (info) => `${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;
function rememberSha256(path, info, sha256) {
  known = { path, identity: identity(info), sha256 };
}
async function sha256File(path, decompress) {
  if (decompress === void 0) {
    const { fd, info } = openInputFileSync(path, OPEN);
    try {
      if (known?.path === path && known.identity === identity(info)) return known.sha256;
      if (info.size <= SYNC_READ_MAX) {
        const hash = createHash("sha256");
        await withChunkReader((reader) => reader.readToEndSync(fd, (chunk) => hash.update(chunk)));
        return hash.digest("hex");
      }
    } finally {
      closeSync(fd);
    }
  }
  const handle = await openInputFile(path, OPEN);
  try {
    const hash = createHash("sha256");
    if (decompress === void 0)
      await withChunkReader((reader) => reader.readToEnd(handle, null, (chunk) => hash.update(chunk)));
    else
      await pipeline(
        handle.createReadStream({ autoClose: false, highWaterMark: READ_CHUNK }),
        decompress,
        async (source) => {
          for await (const chunk of source) hash.update(chunk);
        }
      );
    return hash.digest("hex");
  } finally {
    await handle.close();
  }
}

const COMPRESSED_SUFFIX = { zstd: ".zst", gzip: ".gz" };
const zstdAvailable = () => typeof zlib.createZstdCompress === "function";
function compressionOf(name) {
  if (name.endsWith(COMPRESSED_SUFFIX.zstd)) return "zstd";
  if (name.endsWith(COMPRESSED_SUFFIX.gzip)) return "gzip";
  return null;
}
function decompressorFor(name, options = {}) {
  const compression = compressionOf(name);
  if (compression === "gzip") return zlib.createGunzip(options);
  if (compression === "zstd") {
    if (!zstdAvailable())
      throw new Error(`${name} is zstd-compressed and this Node has no zstd (Node >= 22.15)`);
    return zlib.createZstdDecompress(options);
  }
  return new PassThrough();
}
function compressor(compression) {
  return compression === "zstd" ? zlib.createZstdCompress() : zlib.createGzip({ level: 6 });
}
let sequence = 0;
async function compressFile(path, compression, expectSha256) {
  const target = path + COMPRESSED_SUFFIX[compression];
  const tmp = join(dirname(path), `.${basename(target)}.${process.pid}.${sequence++}.tmp`);
  try {
    const source = createHash("sha256");
    const tap = new Transform({
      transform(chunk, _encoding, done) {
        source.update(chunk);
        done(null, chunk);
      }
    });
    const original = await openInputFile(path, { what: "transcript", maxBytes: Infinity });
    await pipeline(
      original.createReadStream(),
      tap,
      compressor(compression),
      createWriteStream(tmp, { mode: 420 })
    );
    const sha256 = source.digest("hex");
    if (sha256 !== expectSha256) {
      await unlink(tmp);
      return { kind: "changed", sha256 };
    }
    const handle = await open(tmp, "r+");
    let bytes;
    try {
      await handle.sync();
      bytes = (await handle.stat()).size;
    } finally {
      await handle.close();
    }
    const back = await sha256File(tmp, decompressorFor(target));
    if (back !== expectSha256) throw new Error(`${tmp} did not decompress to the original's bytes`);
    await rename(tmp, target);
    await syncDir(dirname(path));
    await unlink(path);
    return { kind: "compressed", path: target, bytes };
  } catch (error) {
    await unlink(tmp).catch(() => void 0);
    throw error;
  }
}
async function syncDir(dir) {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const transcriptPattern = (prefix) => new RegExp(`^${escape(prefix)}-(\\d+)\\.jsonl(?:\\.gz|\\.zst)?$`);
async function transcriptFiles(outputDir, prefix) {
  const pattern = transcriptPattern(prefix);
  let names;
  try {
    names = await readdir(outputDir);
  } catch {
    return [];
  }
  const files = [];
  for (const entry of names) {
    const match = pattern.exec(entry);
    if (!match) continue;
    const path = join(outputDir, entry);
    const info = await stat(path).catch(() => null);
    if (info === null || !info.isFile()) continue;
    const compression = compressionOf(entry);
    files.push({
      path,
      name: compression === null ? entry : entry.slice(0, -COMPRESSED_SUFFIX[compression].length),
      global: Number(match[1]),
      mtimeMs: info.mtimeMs,
      bytes: info.size,
      compression
    });
  }
  return files.sort((a, b) => a.global - b.global);
}

function resolvePaths(config, cwd) {
  const at = (path) => isAbsolute(path) ? path : resolve(cwd, path);
  const outputDir = at(config.session.output_dir);
  const prefix = config.session.output_prefix;
  return {
    cwd,
    outputDir,
    outputPrefix: prefix,
    counter: at(config.session.counter_file),
    status: at(config.session.status_file),
    lock: lockPathFor(at(config.session.status_file)),
    stopFile: at(config.shutdown.stop_file),
    eventLog: config.output.event_log === "" ? null : at(config.output.event_log),
    metricsDb: config.metrics.enabled ? at(config.metrics.database) : null,
    promptFile: at(config.prompt.file ?? config.session.prompt_file),
    transcript: (global) => join(outputDir, `${prefix}-${global}.jsonl`),
    promptCopy: (global) => join(outputDir, `${prefix}-${global}.prompt.md`)
  };
}
async function highestTranscript(outputDir, prefix) {
  let names;
  try {
    names = await readdir(outputDir);
  } catch {
    return null;
  }
  const pattern = transcriptPattern(prefix);
  let highest = null;
  for (const name of names) {
    const match = pattern.exec(name);
    if (match) highest = Math.max(highest ?? 0, Number(match[1]));
  }
  return highest;
}

export { COMPRESSED_SUFFIX as C, rememberSha256 as a, compressFile as b, compressionOf as c, decompressorFor as d, highestTranscript as h, resolvePaths as r, sha256File as s, transcriptFiles as t, zstdAvailable as z };
