import { appendFileSync, closeSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claudeAdapter } from '../../../src/agents/claude.js';
import { MarkedLineFollower } from '../../../src/loop/marked-line.js';

const marker = '"subtype":"background_tasks_changed"';
const announce = (tasks: string[]) =>
  `${JSON.stringify({ type: 'system', subtype: 'background_tasks_changed', tasks: tasks.map((id) => ({ task_id: id })) })}\n`;

let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

function follow() {
  dir = mkdtempSync(join(tmpdir(), 'marked-line-'));
  const path = join(dir, 'transcript.jsonl');
  const fd = openSync(path, 'w+');
  const follower = new MarkedLineFollower(fd, marker);
  return {
    append: (text: string) => appendFileSync(path, text),
    update: () => follower.update(statSync(path).size),
    close: () => closeSync(fd),
  };
}

describe('MarkedLineFollower', () => {
  it('finds the newest announcement however much output follows it', () => {
    const f = follow();
    f.append('{"type":"assistant"}\n' + announce(['a']) + announce(['a', 'b']));
    f.append(`${JSON.stringify({ type: 'user', content: 'x'.repeat(3 * 1024 * 1024) })}\n`);
    expect(claudeAdapter.backgroundWork!.running(f.update()!)).toBe(2);
    expect(f.update()).toBeNull(); // nothing new
    f.close();
  });

  it('waits for a line to be complete, and finds a marker cut across two looks', () => {
    const f = follow();
    const line = announce([]);
    f.append(line.slice(0, 30));
    expect(f.update()).toBeNull();
    f.append(line.slice(30, -1));
    expect(f.update()).toBeNull();
    f.append('\n{"type":"result"}\n');
    expect(claudeAdapter.backgroundWork!.running(f.update()!)).toBe(0);
    f.close();
  });
});

describe('claude adapter: background work', () => {
  it('counts the tasks an announcement lists, and ignores lines that only mention it', () => {
    const work = claudeAdapter.backgroundWork!;
    expect(work.running(announce(['b1']))).toBe(1);
    expect(work.running(announce([]))).toBe(0);
    expect(work.running(JSON.stringify({ type: 'assistant', text: `${marker}` }))).toBeNull();
  });
});
