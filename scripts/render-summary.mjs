// Renders the Action's job summary the way GitHub shows it, as a screenshot (docs/job-summary.png): a summary
// built by renderSummary from a realistic run (productive, empty, rate-limited and failed sessions, with costs),
// turned into HTML by a GFM renderer with GitHub-like CSS, its chart drawn by mermaid in headless Chromium.
// A developer tool, not used by the build, the tests or CI.
//
// It needs Chromium and, in a scratch directory outside the project, mermaid and marked:
//   mkdir -p "$SCRATCH" && (cd "$SCRATCH" && npm init -y && npm install mermaid marked)
//   npx tsx scripts/render-summary.mjs "$SCRATCH" [docs/job-summary.png]
// The scratch directory can also come from RENDER_SUMMARY_DIR; CHROMIUM names the browser (default chromium).
// Chromium runs with --no-sandbox (it refuses to start as root without it): render only this trusted page.
// The page (summary.html) and the Markdown (summary.md) are left in the scratch directory to inspect.
import { execFileSync } from 'node:child_process';
import { copyFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { renderSummary } from '../src/platform/github/summary/index.js';

const scratch = process.argv[2] ?? process.env.RENDER_SUMMARY_DIR;
if (!scratch) {
  console.error('usage: npx tsx scripts/render-summary.mjs <scratch dir with mermaid and marked> [out.png]');
  process.exit(2);
}
const out = resolve(process.argv[3] ?? 'docs/job-summary.png');
const scratchDir = resolve(scratch);
const requireFromScratch = createRequire(join(scratchDir, 'package.json'));
const { marked } = await import(pathToFileURL(requireFromScratch.resolve('marked')).href);
copyFileSync(requireFromScratch.resolve('mermaid/dist/mermaid.min.js'), join(scratchDir, 'mermaid.min.js'));

/** A session_complete event's fields as the summary reads them. */
function session(global, over = {}) {
  return {
    iteration: global - 40,
    global,
    output_bytes: 52_000 + ((global * 7919) % 40_000),
    exit_code: 0,
    duration_secs: 240 + ((global * 37) % 300),
    committed: true,
    retries: 0,
    rate_limited: false,
    outcome: 'productive',
    end_reason: 'exited',
    turns: 20 + (global % 17),
    tool_calls: 35 + (global % 23),
    input_tokens: 140_000,
    output_tokens: 9_000,
    cost_usd: 0.31 + (global % 5) / 10,
    commit_evidence: 'git commit',
    failure_kind: null,
    failure_reason: null,
    ts: '2026-11-21T10:00:00.000Z',
    ...over,
  };
}

const idle = { committed: false, turns: 2, tool_calls: 1, output_bytes: 1_800 };
const sessions = [
  session(41),
  session(42),
  session(43, { ...idle, outcome: 'empty', end_reason: 'watchdog', duration_secs: 180, cost_usd: 0.02 }),
  session(44, { duration_secs: 612 }),
  session(45, { ...idle, outcome: 'rate_limited', rate_limited: true, duration_secs: 14, cost_usd: null }),
  session(46),
  session(47, {
    ...idle,
    outcome: 'failed',
    failure_kind: 'transient',
    failure_reason: 'server_error',
    duration_secs: 35,
    cost_usd: 0.04,
  }),
  session(48),
  session(49, { ...idle, outcome: 'empty', duration_secs: 95, cost_usd: 0.06 }),
  session(50),
];
const markdown = renderSummary({
  sessions,
  previous: { runs: 3, sessions: 40, productive: 31, costUsd: 14.82 },
  stopReason: 'completed',
  exitCode: 0,
  globalCounter: 50,
  productiveThisRun: sessions.filter((s) => s.outcome === 'productive').length,
  maxIterations: 6,
  iterations: 6,
  artifact: { name: 'harness-logs-4242-1', url: 'https://github.com/o/r/actions/runs/4242/artifacts/99' },
  runUrl: 'https://github.com/o/r/actions/runs/4242',
  lastFailure: {
    global: 47,
    kind: 'transient',
    reason: 'server_error',
    detail: 'API Error: 500 {"type":"error","error":{"type":"api_error","message":"Internal server error"}}',
    fix: null,
  },
});

// GFM to HTML; a mermaid block becomes the element mermaid draws into, as GitHub's viewer does.
const renderer = new marked.Renderer();
const code = renderer.code.bind(renderer);
renderer.code = (token) =>
  token.lang === 'mermaid'
    ? `<pre class="mermaid">${token.text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</pre>`
    : code(token);
const body = marked.parse(markdown, { gfm: true, renderer });

// The parts of GitHub's Markdown style a summary uses (github-markdown-css, light theme).
const css = `
body { margin: 0; background: #fff; }
.markdown-body { box-sizing: border-box; width: 1012px; padding: 24px 32px; color: #1f2328; font-size: 14px;
  line-height: 1.5; font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial,
  sans-serif; }
.markdown-body h2 { font-size: 1.5em; font-weight: 600; padding-bottom: .3em; border-bottom: 1px solid #d1d9e0b3;
  margin: 0 0 16px; }
.markdown-body h3 { font-size: 1.25em; font-weight: 600; margin: 24px 0 16px; }
.markdown-body p { margin: 0 0 16px; }
.markdown-body a { color: #0969da; text-decoration: none; }
.markdown-body table { border-spacing: 0; border-collapse: collapse; display: block; width: max-content;
  max-width: 100%; overflow: auto; margin: 0 0 16px; font-variant: tabular-nums; }
.markdown-body th, .markdown-body td { padding: 6px 13px; border: 1px solid #d1d9e0; }
.markdown-body th { font-weight: 600; }
.markdown-body tr:nth-child(2n) { background: #f6f8fa; }
.markdown-body pre.mermaid { background: #fff; margin: 0 0 16px; text-align: center; }
`;
const page = `<!doctype html>
<html><head><meta charset="utf-8"><style>${css}</style></head>
<body><article class="markdown-body">${body}</article>
<script src="mermaid.min.js"></script>
<script>
  mermaid.initialize({ startOnLoad: false, theme: 'default' });
  mermaid.run().finally(() => {
    const height = document.querySelector('.markdown-body').getBoundingClientRect().height;
    document.body.dataset.height = String(Math.ceil(height));
  });
</script>
</body></html>`;
const html = join(scratchDir, 'summary.html');
writeFileSync(join(scratchDir, 'summary.md'), markdown);
writeFileSync(html, page);

const chromium = process.env.CHROMIUM ?? 'chromium';
const flags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--hide-scrollbars',
  '--virtual-time-budget=10000',
];
const url = pathToFileURL(html).href;
// First the rendered page's height (the page writes it into the DOM once mermaid has drawn), then the picture.
const dom = execFileSync(chromium, [...flags, '--window-size=1012,1000', '--dump-dom', url], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'ignore'],
});
const height = /data-height="(\d+)"/.exec(dom)?.[1];
if (height === undefined) throw new Error('the page did not finish rendering (no data-height in its DOM)');
execFileSync(chromium, [...flags, `--window-size=1012,${height}`, `--screenshot=${out}`, url], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
console.log(`wrote ${out}`);
