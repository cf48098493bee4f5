import { readSync } from 'node:fs';

const READ_CHUNK = 1024 * 1024;
const SYNC_READ_MAX = 16 * 1024 * 1024;
async function fillAt(read, buffer, position) {
  let filled = 0;
  while (filled < buffer.length) {
    const got = await read(buffer, filled, buffer.length - filled, position + filled);
    if (got === 0) break;
    filled += got;
  }
  return filled;
}
const pool = [];
const POOL_SIZE = 2;
async function withChunkReader(use) {
  const reader = pool.pop() ?? chunkReader();
  try {
    return await use(reader);
  } finally {
    if (pool.length < POOL_SIZE) pool.push(reader);
  }
}
function chunkReader() {
  const buffers = [Buffer.allocUnsafe(READ_CHUNK), Buffer.allocUnsafe(READ_CHUNK)];
  return {
    async readToEnd(handle, position, push) {
      const at = (offset) => position === null ? null : position + offset;
      let bytes = 0;
      let reading = handle.read(buffers[0], 0, READ_CHUNK, at(0));
      try {
        for (let n = 1; ; n++) {
          const { bytesRead, buffer } = await reading;
          if (bytesRead === 0) return bytes;
          bytes += bytesRead;
          reading = handle.read(n % 2 === 0 ? buffers[0] : buffers[1], 0, READ_CHUNK, at(bytes));
          push(buffer.subarray(0, bytesRead));
        }
      } finally {
        await reading.catch(() => void 0);
      }
    },
    readToEndSync(fd, push) {
      let bytes = 0;
      for (; ; ) {
        const read = readSync(fd, buffers[0], 0, READ_CHUNK, bytes);
        if (read === 0) return bytes;
        bytes += read;
        push(buffers[0].subarray(0, read));
      }
    }
  };
}

export { READ_CHUNK as R, SYNC_READ_MAX as S, fillAt as f, withChunkReader as w };
