#!/usr/bin/env node
// A stand-in coding agent for the quickstart: it prints Claude Code's stream-json shape and really commits a
// file in the directory it runs in, so the harness has something real to supervise without an account.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const prompt = process.argv[process.argv.indexOf('-p') + 1] ?? '';
const n = process.env.HARNESS_GLOBAL_ITERATION ?? '0';
const say = (event) => process.stdout.write(`${JSON.stringify(event)}\n`);
const session_id = `quickstart-${n}`;

say({ type: 'system', subtype: 'init', session_id, model: 'example-agent', tools: ['Bash', 'Write'] });
await sleep(150);
say({
  type: 'assistant',
  message: {
    content: [{ type: 'text', text: `Prompt has ${prompt.length} characters. Writing note-${n}.md.` }],
  },
});
writeFileSync(`note-${n}.md`, `Session ${n} was here.\n`);
say({
  type: 'assistant',
  message: {
    content: [
      {
        type: 'tool_use',
        id: `tool-${n}`,
        name: 'Bash',
        input: { command: `git add note-${n}.md && git commit -m "note ${n}"` },
      },
    ],
  },
});
execFileSync('git', ['add', `note-${n}.md`]);
execFileSync('git', ['commit', '-q', '-m', `docs: note ${n}`]);
say({
  type: 'user',
  message: { content: [{ type: 'tool_result', tool_use_id: `tool-${n}`, content: 'committed' }] },
});
await sleep(150);
say({
  type: 'result',
  subtype: 'success',
  is_error: false,
  api_error_status: null,
  duration_ms: 300,
  num_turns: 2,
  result: `Added note-${n}.md and committed it.`,
  session_id,
  total_cost_usd: 0,
  usage: { input_tokens: 120, output_tokens: 40 },
});
