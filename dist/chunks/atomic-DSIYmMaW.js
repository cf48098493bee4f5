import { writeFileSync, renameSync, unlinkSync, constants } from 'node:fs';
import { readdir, unlink, open, rename } from 'node:fs/promises';
import { join, dirname, basename } from 'node:path';
import { n as namingFile, p as processAlive, H as HarnessFileError } from './harness-files-Dukz__AL.js';

let sequence = 0;
const tempFor = (path) => join(dirname(path), `.${basename(path)}.${process.pid}.${sequence++}.tmp`);
function writeFileAtomic(path, data, options = {}) {
  return namingFile(path, () => replaceFile(path, data, options));
}
function writeFileAtomicSync(path, data) {
  const tmp = tempFor(path);
  try {
    writeFileSync(tmp, data, { mode: 420 });
    renameSync(tmp, path);
  } catch (error) {
    try {
      unlinkSync(tmp);
    } catch {
    }
    throw new HarnessFileError(path, error);
  }
}
async function replaceFile(path, data, options) {
  const tmp = tempFor(path);
  const handle = await open(tmp, "w", 420);
  try {
    await handle.writeFile(data);
    if (options.durable) await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(tmp).catch(() => void 0);
    throw error;
  }
  await handle.close();
  try {
    await rename(tmp, path);
  } catch (error) {
    await unlink(tmp).catch(() => void 0);
    throw error;
  }
}
async function overwriteInPlace(path, data) {
  let handle;
  try {
    handle = await open(path, constants.O_WRONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch {
    return false;
  }
  try {
    const info = await handle.stat();
    const text = Buffer.from(data);
    const bytes = text.length < info.size ? Buffer.concat([text, Buffer.alloc(info.size - text.length, " ")]) : text;
    if (!info.isFile() || info.blocks * 512 < bytes.length) return false;
    const { bytesWritten } = await handle.write(bytes, 0, bytes.length, 0);
    return bytesWritten === bytes.length;
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}
const TEMP_NAME = /^\..+\.(\d+)\.\d+\.tmp$/;
async function sweepStaleTemps(dir) {
  let names;
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const match = TEMP_NAME.exec(name);
    if (!match || Number(match[1]) === process.pid || processAlive(Number(match[1]))) continue;
    await unlink(join(dir, name)).then(
      () => removed++,
      () => void 0
    );
  }
  return removed;
}

export { writeFileAtomicSync as a, overwriteInPlace as o, sweepStaleTemps as s, writeFileAtomic as w };
