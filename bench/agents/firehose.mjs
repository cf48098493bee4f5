#!/usr/bin/env node
// The firehose agent: writes $FIREHOSE_BYTES (default 1 GiB) of JSONL-ish stream-json to stdout as fast as it
// can, in 1 MiB synchronous writes of a pre-built block of lines, then a final result line.
import { writeSync } from 'node:fs';

const total = Number(process.env.FIREHOSE_BYTES ?? 1024 ** 3);
const line = (i) =>
  JSON.stringify({
    type: 'assistant',
    message: { content: [{ type: 'text', text: `line ${i} `.padEnd(180, 'lorem ipsum ') }] },
  }) + '\n';
let text = '';
for (let i = 0; text.length < 1024 * 1024; i++) text += line(i);
const block = Buffer.from(text.slice(0, text.lastIndexOf('\n', 1024 * 1024 - 1) + 1));
const result = Buffer.from(
  '{"type":"result","subtype":"success","is_error":false,"num_turns":1,"result":"Wrote a lot.","session_id":"bench"}\n',
);
let written = 0;
const write = (buffer) => {
  let at = 0;
  while (at < buffer.length) at += writeSync(1, buffer, at, buffer.length - at);
  written += buffer.length;
};
while (written + block.length + result.length <= total) write(block);
const rest = total - written - result.length;
if (rest > 0) write(Buffer.from(`${'x'.repeat(Math.max(0, rest - 1))}\n`.slice(-rest)));
write(result);
