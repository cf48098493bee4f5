import { describe, expect, it } from 'vitest';
import {
  createChunkRedactor,
  createRedactor,
  neutraliseWorkflowCommands,
  secretVariants,
} from '../../../src/platform/github/redact.js';

const TOKEN = 'ghp_R3al~Looking/Token+Value>>1';
const PASSWORD = 'pa"ss\\w0rd/ünï';

/** A few lines of a stream-json transcript with the token in several forms. */
const transcript = [
  JSON.stringify({ type: 'system', subtype: 'init', cwd: '/home/runner/work/repo' }),
  JSON.stringify({
    type: 'assistant',
    message: {
      content: [{ type: 'tool_use', name: 'Bash', input: { command: `curl -H "token ${TOKEN}"` } }],
    },
  }),
  JSON.stringify({ type: 'user', content: `fetched https://x.test/?t=${encodeURIComponent(TOKEN)}&page=2` }),
  JSON.stringify({
    type: 'user',
    content: `Authorization: Basic ${Buffer.from(`bot:${TOKEN}`).toString('base64')}`,
  }),
  JSON.stringify({ type: 'result', result: `done; password was ${PASSWORD}` }),
].join('\n');

function streamed(secrets: string[], chunks: string[]): string {
  const redactor = createChunkRedactor(secrets);
  return chunks.map((c) => redactor.push(c)).join('') + redactor.flush();
}

describe('createRedactor', () => {
  it('replaces every occurrence of a plain secret', () => {
    const redact = createRedactor(['s3cr3t-value']);
    expect(redact('a s3cr3t-value b s3cr3t-values3cr3t-value c s3cr3t-values')).toBe('a *** b ****** c ***s');
  });

  it('leaves text without secrets untouched', () => {
    const redact = createRedactor([TOKEN, PASSWORD, 'hunter2hunter2']);
    const clean = [
      JSON.stringify({ type: 'assistant', message: { content: 'Ran npm test: 42 passed, 0 failed' } }),
      'hunter2hunte ghp_R3al~Looking/Token+Value> pa"ss',
      'émoji 🎉 and base64 aGVsbG8gd29ybGQ= and %2F and \\u00fc',
    ].join('\n');
    expect(redact(clean)).toBe(clean);
  });

  it('ignores empty and very short secrets', () => {
    const redact = createRedactor(['', 'a', 'abc', 'abcd']);
    expect(redact('a abc abcd abcde')).toBe('a abc *** ***e');
    expect(createRedactor(['', 'xyz'])('xyz xyz')).toBe('xyz xyz');
  });

  it('redacts the JSON-escaped form', () => {
    const redact = createRedactor([PASSWORD]);
    const line = JSON.stringify({ result: `the password is ${PASSWORD}.` });
    expect(line).not.toContain(PASSWORD);
    const out = redact(line);
    expect(JSON.parse(out)).toEqual({ result: 'the password is ***.' });
    // Slashes escaped, ASCII-only (Python's json.dumps), and JSON inside JSON.
    const slashed = JSON.stringify(PASSWORD).slice(1, -1).replace(/\//g, '\\/');
    expect(redact(`{"p":"${slashed}"}`)).toBe('{"p":"***"}');
    const ascii = JSON.stringify(PASSWORD)
      .slice(1, -1)
      .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    expect(ascii).toContain('\\u00fc');
    expect(redact(`{"p":"${ascii}"}`)).toBe('{"p":"***"}');
    const nested = JSON.stringify({ tool_result: JSON.stringify({ env: PASSWORD }) });
    expect(JSON.parse(JSON.parse(redact(nested)).tool_result)).toEqual({ env: '***' });
  });

  it('redacts URL-encoded forms', () => {
    const secret = "p@ss w/rd&x=1!'()~";
    const redact = createRedactor([secret]);
    const component = encodeURIComponent(secret);
    const form = new URLSearchParams({ q: secret }).toString().slice(2);
    const lower = component.replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase());
    for (const encoded of [component, form, lower]) {
      expect(encoded).not.toBe(secret);
      expect(redact(`GET /login?u=bot&p=${encoded}&next=/`)).toBe('GET /login?u=bot&p=***&next=/');
    }
  });

  it('redacts base64 of the secret, standard and URL-safe', () => {
    const redact = createRedactor([TOKEN]);
    const standard = Buffer.from(TOKEN).toString('base64');
    const urlSafe = Buffer.from(TOKEN).toString('base64url');
    expect(standard).toMatch(/[+/=]/);
    expect(urlSafe).not.toBe(standard);
    expect(redact(`x ${standard} y`)).toBe('x *** y');
    expect(redact(`x ${urlSafe} y`)).toBe('x *** y');
    expect(redact(`x ${standard.replace(/=+$/, '')} y`)).toBe('x *** y');
  });

  it('redacts base64 of the secret inside a longer encoded value, at every alignment', () => {
    const redact = createRedactor([TOKEN]);
    for (const prefix of ['', 'u', 'us', 'user:', 'x-access-token:']) {
      for (const suffix of ['', '\n', ':extra']) {
        const encoded = Buffer.from(`${prefix}${TOKEN}${suffix}`).toString('base64');
        const out = redact(`Authorization: Basic ${encoded}`);
        expect(out, `${prefix}|${suffix}`).toContain('***');
        const left = out.slice('Authorization: Basic '.length).split('***');
        // What is left carries at most a few bits at either edge of the secret.
        expect(left.join('').length).toBeLessThan(encoded.length - 30);
        expect(Buffer.from(left.join(''), 'base64').toString('latin1')).not.toContain(TOKEN.slice(4, -4));
      }
    }
  });

  it('does not base64-match secrets under 8 characters', () => {
    const short = 'abc1234';
    const b64 = Buffer.from(short).toString('base64');
    expect(createRedactor([short])(`${short} ${b64}`)).toBe(`*** ${b64}`);
    expect(secretVariants(short)).not.toContain(b64);
    expect(secretVariants(`${short}5`)).toContain(Buffer.from(`${short}5`).toString('base64'));
  });

  it('redacts the whole of overlapping secrets, whatever their order', () => {
    const text = 'key=abcd1234efgh; short=abcd1234; tail=1234efghXYZ';
    for (const secrets of [
      ['abcd1234', 'abcd1234efgh'],
      ['abcd1234efgh', 'abcd1234'],
    ]) {
      expect(createRedactor(secrets)(text)).toBe('key=***; short=***; tail=1234efghXYZ');
    }
    // Partly overlapping (neither contains the other): the union goes.
    expect(createRedactor(['abcdefgh', 'efghijkl'])('[abcdefghijkl]')).toBe('[***]');
    expect(createRedactor(['efghijkl', 'abcdefgh'])('[abcdefghijkl]')).toBe('[***]');
  });

  it('redacts each line of a multi-line secret', () => {
    const key = '-----BEGIN KEY-----\nMIIEpAIBAAKCAQEA1234\nqwertyuiopasdfgh\n-----END KEY-----\n';
    const redact = createRedactor([key]);
    expect(redact(`cat key:\n${key}`)).toBe('cat key:\n***');
    expect(redact('line: qwertyuiopasdfgh!')).toBe('line: ***!');
  });

  it('redacts the sample transcript completely', () => {
    const out = createRedactor([TOKEN, PASSWORD])(transcript);
    for (const secret of [TOKEN, PASSWORD]) {
      for (const form of secretVariants(secret)) expect(out).not.toContain(form);
    }
    expect(out.split('\n')).toHaveLength(5);
    expect(JSON.parse(out.split('\n')[1] as string).message.content[0].input.command).toBe(
      'curl -H "token ***"',
    );
    expect(JSON.parse(out.split('\n')[4] as string).result).toBe('done; password was ***');
  });
});

describe('createChunkRedactor', () => {
  const secrets = [TOKEN, PASSWORD, 'abcd1234', 'abcd1234efgh'];
  const text = `${transcript}\nkey=abcd1234efgh short=abcd1234 🎉 end`;
  const expected = createRedactor(secrets)(text);

  it('matches the whole-text redactor for every split point', () => {
    expect(expected).not.toBe(text);
    for (let i = 0; i <= text.length; i++) {
      expect(streamed(secrets, [text.slice(0, i), text.slice(i)]), `split at ${i}`).toBe(expected);
    }
  });

  it('matches for every pair of split points around a secret', () => {
    const sample = `--${TOKEN}--abcd1234efgh--`;
    const want = createRedactor(secrets)(sample);
    expect(want).toBe('--***--***--');
    for (let i = 0; i <= sample.length; i++) {
      for (let j = i; j <= sample.length; j++) {
        const chunks = [sample.slice(0, i), sample.slice(i, j), sample.slice(j)];
        expect(streamed(secrets, chunks), `${i},${j}`).toBe(want);
      }
    }
  });

  it('matches one character at a time and with uneven chunks', () => {
    expect(streamed(secrets, [...text])).toBe(expected);
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    for (let round = 0; round < 50; round++) {
      const chunks: string[] = [];
      for (let at = 0; at < text.length;) {
        const size = next() % 90;
        chunks.push(text.slice(at, at + size));
        at += size;
      }
      expect(streamed(secrets, chunks)).toBe(expected);
    }
  });

  it('holds back only a short tail, never a lone high surrogate', () => {
    const redactor = createChunkRedactor(secrets);
    const longest = Math.max(...secrets.flatMap(secretVariants).map((v) => v.length));
    const out = redactor.push('x'.repeat(10_000));
    expect(out.length).toBe(10_000 - (longest - 1));
    const emoji = '🎉'.repeat(500);
    for (let cut = 1; cut < 40; cut++) {
      const r = createChunkRedactor(secrets);
      const first = r.push(emoji.slice(0, 2 * 200 + cut));
      const code = first.charCodeAt(first.length - 1);
      expect(code >= 0xd800 && code <= 0xdbff, `cut ${cut}`).toBe(false);
      expect(first + r.push(emoji.slice(2 * 200 + cut)) + r.flush()).toBe(emoji);
    }
  });

  it('can be reused after flush, and passes text through with no secrets', () => {
    const redactor = createChunkRedactor(['abcd1234']);
    expect(redactor.push('x abcd12')).toBe('');
    expect(redactor.flush()).toBe('x abcd12');
    expect(redactor.push('34 abcd1234') + redactor.flush()).toBe('34 ***');
    const none = createChunkRedactor(['', 'ab']);
    expect(none.push('abc')).toBe('abc');
    expect(none.flush()).toBe('');
  });
});

describe('neutraliseWorkflowCommands', () => {
  /** Lines the runner would treat as a command: `::` after leading whitespace, or `##[` anywhere. */
  const commandLines = (text: string) =>
    text.split(/\r\n|\r|\n/).filter((line) => line.trimStart().startsWith('::') || line.includes('##['));

  it('breaks every command the runner would execute', () => {
    const hostile = [
      '::add-mask::innocent',
      '  ::set-output name=x::y',
      '\t::stop-commands::tok',
      'ok\r::error file=a::b',
      'ok\r\n::warning::c',
      'text then ##[set-output name=a;]b',
      ':::triple::',
    ].join('\n');
    expect(commandLines(hostile)).toHaveLength(7);
    const safe = neutraliseWorkflowCommands(hostile);
    expect(commandLines(safe)).toEqual([]);
    expect(safe).toContain(':\u200b:add-mask::innocent');
    expect(safe).toContain('  :\u200b:set-output name=x::y');
    expect(safe).toContain('##\u200b[set-output');
    // Only the zero-width spaces were added.
    expect(safe.replace(/\u200b/g, '')).toBe(hostile);
  });

  it('leaves ordinary text alone', () => {
    const text = 'a :: b\nstd::vector<int> x;\n# heading\nurl http://x::y\n';
    expect(neutraliseWorkflowCommands(text)).toBe(text);
  });
});
