// The one git fact the loop needs: where HEAD is. Null outside a repository or before the first commit.
import { execFile } from 'node:child_process';

export function gitHead(cwd: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile('git', ['rev-parse', '--verify', '-q', 'HEAD'], { cwd, timeout: 10_000 }, (error, stdout) => {
      resolve(error ? null : stdout.trim() || null);
    });
  });
}
