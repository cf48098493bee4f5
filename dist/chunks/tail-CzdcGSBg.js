import { isAscii } from 'node:buffer';
import { f as fillAt } from './chunk-reader-0BRVJma9.js';
import { o as openInputFile } from './input-file-Cbt1w_j3.js';

const TAIL_BYTES = 256 * 1024;
const WIDE_TAIL_BYTES = 16 * 1024 * 1024;
async function readTail(path, maxBytes) {
  const handle = await openInputFile(path, { what: "transcript", maxBytes: Infinity });
  try {
    const { size } = await handle.stat();
    const length = Math.max(0, Math.min(size, Math.floor(maxBytes)));
    const start = size - length;
    const buffer = Buffer.alloc(length);
    const filled = await fillAt(
      async (into, offset, bytes, position) => (await handle.read(into, offset, bytes, position)).bytesRead,
      buffer,
      start
    );
    return { text: decodeTail(buffer.subarray(0, filled), start > 0), complete: start === 0, size };
  } finally {
    await handle.close();
  }
}
function decodeTail(bytes, cutAtStart) {
  let begin = 0;
  if (cutAtStart) {
    while (begin < Math.min(3, bytes.length) && ((bytes[begin] ?? 0) & 192) === 128) begin++;
  }
  const rest = bytes.subarray(begin);
  if (isAscii(rest)) return Buffer.from(rest.buffer, rest.byteOffset, rest.length).toString("latin1");
  return new TextDecoder("utf-8").decode(rest, { stream: true });
}

export { TAIL_BYTES as T, WIDE_TAIL_BYTES as W, decodeTail as d, readTail as r };
