// Every file another process reads is replaced whole: write a sibling temp file, rename it over the target. A
// reader, or a harness killed mid-write, sees the old content or the new, never a torn file. `durable` adds an
// fsync for files that must also survive a power loss (the counter); the status file, rewritten many times a
// session, does not need it.
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

let sequence = 0;

export async function writeFileAtomic(
  path: string,
  data: string,
  options: { durable?: boolean } = {},
): Promise<void> {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${sequence++}.tmp`);
  const handle = await open(tmp, 'w', 0o644);
  try {
    await handle.writeFile(data);
    if (options.durable) await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(tmp).catch(() => undefined);
    throw error;
  }
  await handle.close();
  try {
    await rename(tmp, path);
  } catch (error) {
    await unlink(tmp).catch(() => undefined);
    throw error;
  }
}
