#!/usr/bin/env node
// The hanging agent: one init line carrying its PID and the moment it was written, then silence forever.
// The benchmark reads the line to know which process to watch and when its output last grew.
process.stdout.write(
  `${JSON.stringify({ type: 'system', subtype: 'init', session_id: 'bench', pid: process.pid, wrote_at: Date.now() })}\n`,
);
setInterval(() => undefined, 1 << 30);
