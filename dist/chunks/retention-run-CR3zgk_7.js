import { unlink, open, rename, readdir, stat } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { join, dirname, basename } from 'node:path';
import { Transform, Writable, PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as zlib from 'node:zlib';

// Compressing a transcript in place of the original, losing nothing whatever is killed: the compressed copy is
// written to a temp file beside it while the original's bytes are hashed on the way in, made durable, read back
// and decompressed to check it holds exactly those bytes, and only then renamed into place; the original is
// removed last. A harness killed at any point leaves the original (and at worst a temp file the next sweep
// removes, or both the original and its compressed copy, which hold the same bytes).
const COMPRESSED_SUFFIX = { zstd: '.zst', gzip: '.gz' };
/** Whether this Node has zstd in node:zlib (22.15 and later, 23.8 and later). */
const zstdAvailable = () => typeof zlib.createZstdCompress === 'function';
/** The compression of a file by its name, or null for a plain one. */
function compressionOf(name) {
    if (name.endsWith(COMPRESSED_SUFFIX.zstd))
        return 'zstd';
    if (name.endsWith(COMPRESSED_SUFFIX.gzip))
        return 'gzip';
    return null;
}
/** A stream that decompresses what the named file holds (a pass-through for a plain file). */
function decompressorFor(name) {
    const compression = compressionOf(name);
    if (compression === 'gzip')
        return zlib.createGunzip();
    if (compression === 'zstd') {
        if (!zstdAvailable())
            throw new Error(`${name} is zstd-compressed and this Node has no zstd (Node >= 22.15)`);
        return zlib.createZstdDecompress();
    }
    return new PassThrough();
}
function compressor(compression) {
    return compression === 'zstd' ? zlib.createZstdCompress() : zlib.createGzip({ level: 6 });
}
/** A sink that hashes what passes, for the check of a stream's bytes. */
function hashing() {
    const hash = createHash('sha256');
    const sink = new Writable({
        write(chunk, _encoding, done) {
            hash.update(chunk);
            done();
        },
    });
    return { sink, digest: () => hash.digest('hex') };
}
let sequence = 0;
/**
 * Compresses `path` to `path + suffix` when its bytes hash to `expectSha256`, and removes the original. Throws
 * (leaving the original) on any read or write failure, or when the compressed copy does not read back whole.
 */
async function compressFile(path, compression, expectSha256) {
    const target = path + COMPRESSED_SUFFIX[compression];
    const tmp = join(dirname(path), `.${basename(target)}.${process.pid}.${sequence++}.tmp`);
    try {
        const source = createHash('sha256');
        const tap = new Transform({
            transform(chunk, _encoding, done) {
                source.update(chunk);
                done(null, chunk);
            },
        });
        await pipeline(createReadStream(path), tap, compressor(compression), createWriteStream(tmp, { mode: 0o644 }));
        const sha256 = source.digest('hex');
        if (sha256 !== expectSha256) {
            await unlink(tmp);
            return { kind: 'changed', sha256 };
        }
        const handle = await open(tmp, 'r+');
        let bytes;
        try {
            await handle.sync();
            bytes = (await handle.stat()).size;
        }
        finally {
            await handle.close();
        }
        const back = hashing();
        await pipeline(createReadStream(tmp), decompressorFor(target), back.sink);
        if (back.digest() !== expectSha256)
            throw new Error(`${tmp} did not decompress to the original's bytes`);
        await rename(tmp, target);
        await syncDir(dirname(path));
        await unlink(path);
        return { kind: 'compressed', path: target, bytes };
    }
    catch (error) {
        await unlink(tmp).catch(() => undefined);
        throw error;
    }
}
async function syncDir(dir) {
    const handle = await open(dir, 'r');
    try {
        await handle.sync();
    }
    finally {
        await handle.close();
    }
}

// The transcripts in the output directory, plain and compressed: `<prefix>-<n>.jsonl`, `.jsonl.gz`, `.jsonl.zst`.
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
async function transcriptFiles(outputDir, prefix) {
    const pattern = new RegExp(`^${escape(prefix)}-(\\d+)\\.jsonl(?:\\.gz|\\.zst)?$`);
    let names;
    try {
        names = await readdir(outputDir);
    }
    catch {
        return [];
    }
    const files = [];
    for (const entry of names) {
        const match = pattern.exec(entry);
        if (!match)
            continue;
        const path = join(outputDir, entry);
        const info = await stat(path).catch(() => null);
        if (info === null || !info.isFile())
            continue;
        const compression = compressionOf(entry);
        files.push({
            path,
            name: compression === null ? entry : entry.slice(0, -COMPRESSED_SUFFIX[compression].length),
            global: Number(match[1]),
            mtimeMs: info.mtimeMs,
            bytes: info.size,
            compression,
        });
    }
    return files.sort((a, b) => a.global - b.global);
}

const DAY_MS = 24 * 60 * 60 * 1000;
function retentionPlan(input) {
    const { storage, nowMs } = input;
    const compressing = storage.keep_last > 0 || storage.keep_days > 0;
    const deleting = storage.delete_after_days > 0;
    const plan = { actions: [], unrecorded: [] };
    if (!compressing && !deleting)
        return plan;
    const newestFirst = [...input.files].sort((a, b) => b.global - a.global);
    newestFirst.forEach((file, index) => {
        if (input.running.has(file.path))
            return;
        const ageMs = nowMs - file.mtimeMs;
        // A file stays as it is while either keep setting keeps it.
        const kept = (storage.keep_last > 0 && index < storage.keep_last) ||
            (storage.keep_days > 0 && ageMs < storage.keep_days * DAY_MS);
        if (kept)
            return;
        const wantsDelete = deleting && ageMs >= storage.delete_after_days * DAY_MS;
        const wantsCompress = compressing && file.compression === null;
        if (!wantsDelete && !wantsCompress)
            return;
        const sha256 = input.recorded(file);
        if (sha256 === null) {
            plan.unrecorded.push(file);
            return;
        }
        if (wantsDelete)
            plan.actions.push({ kind: 'delete', file, sha256 });
        else
            plan.actions.push({ kind: 'compress', file, sha256, compression: input.compression });
    });
    return plan;
}

// Carrying out `[storage]`'s retention after a session is recorded: list the transcripts, decide (retention.ts),
// compress or delete, and note each file's new state in the database. A file whose bytes are no longer the
// recorded ones is left as it is and named; a failure leaves the file and is reported, never thrown: retention
// must not stop the loop.
const retentionEnabled = (storage) => storage.keep_last > 0 || storage.keep_days > 0 || storage.delete_after_days > 0;
/** The recorded sha256 of a transcript file: by its current path, else (plain) by its name and size. */
function recordedLookup(records) {
    const byPath = new Map();
    const byName = new Map();
    for (const record of records) {
        if (record.state === 'deleted')
            continue;
        byPath.set(record.path, record);
        byName.set(record.name, [...(byName.get(record.name) ?? []), record]);
    }
    return (file) => {
        const exact = byPath.get(file.path);
        if (exact)
            return exact.sha256;
        if (file.compression !== null)
            return null;
        const named = byName.get(file.name)?.find((r) => r.bytes === file.bytes && r.state === 'plain');
        return named?.sha256 ?? null;
    };
}
async function applyRetention(input) {
    const report = { compressed: [], deleted: [], unrecorded: [], problems: [] };
    if (!retentionEnabled(input.storage))
        return report;
    const files = await transcriptFiles(input.outputDir, input.prefix);
    const compression = input.storage.compression === 'zstd' && !zstdAvailable() ? 'gzip' : input.storage.compression;
    const plan = retentionPlan({
        files,
        storage: input.storage,
        nowMs: input.nowMs,
        recorded: recordedLookup(input.store.transcripts()),
        running: new Set(input.running ?? []),
        compression,
    });
    report.unrecorded = plan.unrecorded.map((f) => f.path);
    for (const action of plan.actions) {
        const { file, sha256 } = action;
        try {
            if (action.kind === 'delete') {
                await unlink(file.path);
                input.store.markTranscript(sha256, file.name, 'deleted', file.path);
                report.deleted.push(file.path);
                continue;
            }
            const result = await compressFile(file.path, action.compression, sha256);
            if (result.kind === 'changed') {
                report.problems.push({
                    path: file.path,
                    why: 'its bytes changed since it was recorded: left as it is',
                });
                continue;
            }
            input.store.markTranscript(sha256, file.name, action.compression, result.path);
            report.compressed.push(result.path);
        }
        catch (error) {
            report.problems.push({ path: file.path, why: error instanceof Error ? error.message : String(error) });
        }
    }
    return report;
}

export { applyRetention, recordedLookup, retentionEnabled };
