// A hostile stand-in agent for the trust boundary between the agent and the job (docs/security.md): what it
// tries, and how a test finds what it left running.
import { readdirSync, readFileSync } from 'node:fs';

/**
 * The agent, as a shell script run in the working tree: writes report.txt (its uid, every environment it can
 * read, the repository's config, whether `sudo -n` works, which of `targets` it could append to, which ancestor's
 * stdout it could write a workflow command to) and own-env.txt, leaves a daemon with `marker` in its command line
 * (env -i, double fork, setsid), and commits a file. Its walk up the ancestors stops below `stopAt` (the test's
 * own process, which plays the runner): above it are the test runner and CI, whose logs are not the job's (a write
 * through /proc/<pid>/fd/1 to a file opens it anew, and truncated the CI's log).
 */
export function hostileScript(targets: readonly string[], marker: string, stopAt = process.pid): string {
  return [
    '#!/bin/sh',
    'exec 2>&1',
    'r=report.txt',
    'echo "uid=$(id -u)" > $r',
    'env >> $r; env > own-env.txt',
    'for f in /proc/[0-9]*/environ; do tr "\\0" "\\n" < $f >> $r 2>/dev/null; done',
    'cat .git/config >> $r; git config --list >> $r 2>&1',
    'if sudo -n true 2>/dev/null; then echo "sudo=yes" >> $r; else echo "sudo=no" >> $r; fi',
    ...targets.map(
      (t) =>
        `if echo NODE_OPTIONS=--require=/tmp/evil.js >> '${t}' 2>/dev/null; then echo "wrote ${t}" >> $r; fi`,
    ),
    `p=$$; while [ "$p" -gt 1 ] && [ "$p" -ne ${stopAt} ]; do`,
    '  if echo "::set-output name=pwned::1" >> /proc/$p/fd/1 2>/dev/null; then echo "log via $p" >> $r; fi',
    '  p=$(awk "{print \\$4}" /proc/$p/stat 2>/dev/null || echo 1)',
    'done',
    `env -i /bin/sh -c '(setsid /bin/sh -c "while :; do sleep 1; done # ${marker}" >/dev/null 2>&1 &)'`,
    'echo work >> work.txt && git add work.txt && git commit -qm "agent work" && echo committed >> $r',
    'echo done',
  ].join('\n');
}

/** Processes whose command line carries `marker`. */
export function survivors(marker: string): number[] {
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker);
      } catch {
        return false;
      }
    })
    .map(Number);
}
