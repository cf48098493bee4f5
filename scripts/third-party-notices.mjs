// A rollup plugin that ships the licence notices of every third-party package bundled into dist/ beside it, as
// dist/licenses.txt: for each package whose code is in an output chunk, its name, version and licence, then its
// licence file(s) as shipped, or, for the few packages that ship none, the licence section of their README.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The separator between packages in the notices file; test/bundle/licenses.test.ts splits on it. */
export const SEPARATOR = '-'.repeat(80);

/** The package directory a bundled module id comes from, or undefined for the project's own modules. */
export function packageDirOf(id) {
  const path = id.replace(/^\0/, '').replace(/\?.*$/, '');
  return /^(.*\/node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1];
}

function licenceFiles(dir) {
  return readdirSync(dir)
    .filter((name) => /^(licen[cs]e|copying|notice)(\b|[-._])/i.test(name))
    .sort()
    .map((name) => readFileSync(join(dir, name), 'utf8').trim());
}

// `## License` (or `license` underlined with `===`) up to the next heading.
function readmeLicence(dir) {
  const readme = readdirSync(dir).find((name) => /^readme/i.test(name));
  if (!readme) return undefined;
  const lines = readFileSync(join(dir, readme), 'utf8').split(/\r?\n/);
  const start = lines.findIndex(
    (line, i) =>
      /^#+\s*licen[cs]e\b/i.test(line) ||
      (/^licen[cs]e\s*$/i.test(line) && /^[=-]+$/.test(lines[i + 1] ?? '')),
  );
  if (start < 0) return undefined;
  const body = [];
  for (const line of lines.slice(start + 1)) {
    if (/^#+\s/.test(line)) break;
    body.push(line);
  }
  const text = body
    .filter((line) => !/^[=-]+$/.test(line))
    .join('\n')
    .trim();
  // A bare licence name (`MIT`) is no licence text.
  return text.length > 40 ? `${text}\n(from the package's ${readme})` : undefined;
}

// Packages whose npm tarball states no licence, with the one their repository's LICENSE file gives.
const STATED_UPSTREAM = { buffers: 'MIT' };

const MIT_TEXT = `Permission is hereby granted, free of charge, to any person obtaining a copy of this software and
associated documentation files (the "Software"), to deal in the Software without restriction, including without
limitation the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the
Software, and to permit persons to whom the Software is furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or substantial portions of
the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO
THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT,
TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.`;

// The MIT licence's text with the package's author, for an MIT package that ships no licence text of its own.
function mitText(pkg) {
  const author = typeof pkg.author === 'string' ? pkg.author : pkg.author?.name;
  return `(The MIT License; the package ships no licence file, so this is the licence's standard text)\n\nCopyright (c) ${author ?? `the ${pkg.name} authors`}\n\n${MIT_TEXT}`;
}

/** The notice of one package directory. */
export function packageNotice(dir) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const license =
    pkg.license ??
    (Array.isArray(pkg.licenses) ? pkg.licenses.map((l) => l.type ?? l).join(' OR ') : undefined) ??
    STATED_UPSTREAM[pkg.name];
  const texts = licenceFiles(dir);
  const text = texts.length
    ? texts.join('\n\n')
    : (readmeLicence(dir) ??
      (/^MIT\b/.test(license ?? '') ? mitText(pkg) : '(the package ships no licence text)'));
  const repository = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  return {
    name: pkg.name,
    version: pkg.version,
    text: [
      `${pkg.name} ${pkg.version}`,
      `License: ${license ?? 'not stated in its package.json'}`,
      ...(repository ? [`Repository: ${repository}`] : []),
      '',
      text,
    ].join('\n'),
  };
}

export default function thirdPartyNotices({ fileName = 'licenses.txt' } = {}) {
  return {
    name: 'third-party-notices',
    generateBundle(_options, bundle) {
      const dirs = new Set();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(chunk.modules)) {
          const dir = module.renderedLength > 0 ? packageDirOf(id) : undefined;
          if (dir) dirs.add(dir);
        }
      }
      const notices = new Map();
      for (const dir of dirs) {
        const notice = packageNotice(dir);
        notices.set(`${notice.name}@${notice.version}`, notice);
      }
      const sorted = [...notices.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const source = [
        'Third-party software bundled into this directory, with the licence each is used under.',
        ...sorted.map(([, notice]) => `${SEPARATOR}\n${notice.text}`),
      ].join('\n\n');
      this.emitFile({ type: 'asset', fileName, source: `${source}\n` });
    },
  };
}
