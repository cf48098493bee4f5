// Runs the benchmarks one after another, each in its own process, and prints their headline tables together.
//   npx tsx bench/run.ts                       all, full size
//   BENCH_QUICK=1 npx tsx bench/run.ts         all, quick sizes (about a minute and a half)
//   npx tsx bench/run.ts overhead classify     a selection
//   npx tsx bench/run.ts --results bench/RESULTS.md   also write the figures as Markdown, each row beside the
//                                                     figures of the file it replaces (the last round)
//   ... --results bench/RESULTS.md --against OLD.md   beside the figures of OLD.md instead
//   npx tsx bench/run.ts --loaded --results bench/RESULTS.md overhead ...
//                                       the same with one CPU-bound process running beside (one core of load),
//                                       written as `<bench> (loaded)` sections
// A results file keeps the sections this run did not measure (a selection replaces only its own).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ALL } from './benchmarks.js';
import { BENCH, QUICK, ROOT, fmt, type ResultRow } from './lib.js';

const args = process.argv.slice(2);
let resultsPath: string | null = null;
let againstPath: string | null = null;
let loaded = false;
const selected: string[] = [];
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!;
  if (arg === '--results') resultsPath = resolve(args[++i] ?? join(BENCH, 'RESULTS.md'));
  else if (arg === '--against') againstPath = resolve(args[++i] ?? '');
  else if (arg === '--loaded') loaded = true;
  else if (arg === '-h' || arg === '--help') {
    console.log(
      `usage: npx tsx bench/run.ts [--loaded] [--results FILE [--against OLD]] [${ALL.join('|')}]...`,
    );
    process.exit(0);
  } else if ((ALL as readonly string[]).includes(arg.replace(/\.ts$/, '')))
    selected.push(arg.replace(/\.ts$/, ''));
  else throw new Error(`unknown benchmark ${arg}; one of ${ALL.join(', ')}`);
}
const benches = selected.length > 0 ? selected : ALL;

/** A results file's figures: `bench` → `metric` → "harness (ratio)", and the date it was measured. */
function lastRound(path: string): { date: string; figures: Map<string, Map<string, string>> } {
  const figures = new Map<string, Map<string, string>>();
  const text = readFileSync(path, 'utf8');
  let rows: Map<string, string> | undefined;
  for (const line of text.split('\n')) {
    const section = /^## (\S+(?: \(loaded\))?)/.exec(line);
    if (section) figures.set(section[1]!, (rows = new Map<string, string>()));
    if (!rows || !line.startsWith('|')) continue;
    const cells = line
      .slice(1, line.endsWith('|') ? -1 : undefined)
      .split(/(?<!\\)\|/)
      .map((c) => c.trim());
    const [metric, , harness, ratio] = cells;
    if (!metric || metric === 'metric' || /^-+$/.test(metric) || harness === undefined) continue;
    rows.set(metric, ratio && ratio !== '-' ? `${harness} (${ratio})` : harness);
  }
  return { date: /^Measured (\d{4}-\d{2}-\d{2})/m.exec(text)?.[1] ?? 'an earlier round', figures };
}
// Read before anything is written: by default the file this run replaces.
const againstFile = againstPath ?? (resultsPath !== null && existsSync(resultsPath) ? resultsPath : null);
const against = resultsPath !== null && againstFile !== null ? lastRound(againstFile) : null;

const jsonPath = join(tmpdir(), `ah-bench-results-${process.pid}.jsonl`);
rmSync(jsonPath, { force: true });

function runOne(name: string): Promise<{ code: number | null; ms: number }> {
  return new Promise((done) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', join(BENCH, `${name}.ts`)], {
      cwd: ROOT,
      env: { ...process.env, BENCH_RESULTS_JSON: jsonPath },
      stdio: 'inherit',
    });
    child.once('close', (code) => done({ code, ms: performance.now() - started }));
  });
}

// One core kept busy for the whole run: the machine as a CI runner or a developer's laptop has it.
const hog = loaded ? spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }) : null;
const sectionOf = (bench: string): string => (loaded ? `${bench} (loaded)` : bench);

const startedAt = new Date();
const timings: Array<{ name: string; code: number | null; ms: number }> = [];
for (const name of benches) {
  console.log(`\n######## ${name}${QUICK ? ' (quick)' : ''} ########\n`);
  const { code, ms } = await runOne(name);
  timings.push({ name, code, ms });
  console.log(`\n(${name}: exit ${code}, ${fmt(ms / 1000, 1)} s)`);
}

interface Recorded {
  bench: string;
  quick: boolean;
  rows: ResultRow[];
  notes: string[];
}
const recorded: Recorded[] = existsSync(jsonPath)
  ? readFileSync(jsonPath, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Recorded)
  : [];
rmSync(jsonPath, { force: true });

const total = timings.reduce((sum, t) => sum + t.ms, 0);
console.log(`\n######## all figures${QUICK ? ' (quick)' : ''} ########`);
for (const r of recorded) {
  console.log(`\n${r.bench}`);
  for (const row of r.rows)
    console.log(
      `  ${row.metric}: baseline ${row.baseline || '-'}, harness ${row.harness}` +
        `${row.ratio ? `, ratio ${row.ratio}` : ''}${row.goal ? ` (goal ${row.goal})` : ''}`,
    );
}
hog?.kill('SIGKILL');
console.log(
  `\n${timings.map((t) => `${t.name} ${fmt(t.ms / 1000, 0)} s${t.code === 0 ? '' : ` (exit ${t.code})`}`).join(', ')}; ` +
    `total ${fmt(total / 1000, 0)} s`,
);

/** The `## name` sections of a results file, each as its lines (heading included, up to the next section). */
function sectionsOf(path: string): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  let current: string[] | null = null;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const heading = /^## (\S+(?: \(loaded\))?)\s*$/.exec(line);
    if (heading) sections.set(heading[1]!, (current = [line]));
    else if (/^Benchmarks that exited non-zero/.test(line)) current = null;
    else current?.push(line);
  }
  return sections;
}

if (resultsPath !== null) {
  const cell = (text: string) => text.replace(/\|/g, '\\|') || '-';
  const kept = existsSync(resultsPath) ? sectionsOf(resultsPath) : new Map<string, string[]>();
  const lines = [
    '# Benchmark results',
    '',
    `On ${cpus().length} cores, shared (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.versions.node}. ` +
      'Each section says when and how it was measured: quiet, or loaded (one CPU-bound process running beside ' +
      'the benchmark for its whole run, one core of load). Figures are medians of repeated runs unless the row ' +
      'says otherwise; the machine is shared, so treat differences of a few milliseconds as noise. Regenerate ' +
      'with `npx tsx bench/run.ts --results bench/RESULTS.md` (and `--loaded` for the loaded sections; a ' +
      'selection of benchmarks replaces only their sections).',
    '',
  ];
  if (against !== null)
    lines.push(
      `"Last round" is the harness's figure (and ratio) from the file a section replaced (${against.date}).`,
      '',
    );
  const fresh = new Map<string, string[]>();
  for (const r of recorded) {
    const name = sectionOf(r.bench);
    const last = against?.figures.get(name);
    const block = [
      `## ${name}`,
      '',
      `Measured ${startedAt.toISOString().slice(0, 10)}, ${loaded ? 'loaded' : 'quiet'}, ` +
        `${QUICK ? 'quick sizes (BENCH_QUICK=1)' : 'full sizes'}.`,
      '',
      `| metric | baseline | harness | ratio |${against ? ' last round |' : ''} goal |`,
      `| --- | ---: | ---: | ---: |${against ? ' ---: |' : ''} --- |`,
    ];
    for (const row of r.rows)
      block.push(
        `| ${cell(row.metric)} | ${cell(row.baseline)} | ${cell(row.harness)} | ${cell(row.ratio)} |` +
          `${against ? ` ${cell(last?.get(cell(row.metric)) ?? '')} |` : ''} ${cell(row.goal)} |`,
      );
    block.push('');
    for (const note of r.notes) block.push(`- ${note}`);
    if (r.notes.length > 0) block.push('');
    fresh.set(name, block);
  }
  // Every benchmark's quiet section, then the loaded ones, each measured now or kept from the file.
  for (const name of [...ALL, ...ALL.map((b) => `${b} (loaded)`)]) {
    const block = fresh.get(name) ?? kept.get(name);
    if (block !== undefined) lines.push(...block, '');
  }
  const failed = timings.filter((t) => t.code !== 0);
  if (failed.length > 0)
    lines.push(
      `Benchmarks that exited non-zero: ${failed.map((t) => `${t.name} (${t.code})`).join(', ')}.`,
      '',
    );
  // Keep the file as `prettier --check .` wants it.
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(resultsPath)) ?? {};
  writeFileSync(resultsPath, await prettier.format(lines.join('\n'), { ...options, parser: 'markdown' }));
  console.log(`wrote ${resultsPath}`);
}

if (timings.some((t) => t.code !== 0)) process.exitCode = 1;
