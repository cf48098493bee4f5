import { appendFile } from 'node:fs/promises';
import { A as APPEND_FLAGS } from './input-file-Cbt1w_j3.js';
import './exit-codes-BkuRLrXJ.js';
import 'node:path';
import { n as namingFile, E as EVENT_LOG_VERSION } from './harness-files-B0x0nX25.js';

function eventLine(event, ms) {
  return { ts: isoSeconds(ms), v: EVENT_LOG_VERSION, ...event };
}
class FileEventLog {
  constructor(path, now) {
    this.path = path;
    this.now = now;
  }
  path;
  now;
  async emit(event) {
    const line = JSON.stringify(eventLine(event, this.now()));
    await namingFile(this.path, () => appendFile(this.path, `${line}
`, { flag: APPEND_FLAGS }));
  }
}
const nullEventSink = { emit: () => Promise.resolve() };
function isoSeconds(ms) {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

export { FileEventLog as F, isoSeconds as i, nullEventSink as n };
