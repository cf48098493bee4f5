// Azurite, the real Azure Blob Storage emulator (npm `azurite`), as a child process on loopback: the blob store
// behind the Actions services stand-in (actions-services.ts). One runs per test run, started by global-setup.ts
// and shared by every file through `inject('azuriteUrl')`; each services instance keeps to containers of its own.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';

export const ACCOUNT = 'devstoreaccount1';
export const ACCOUNT_KEY =
  'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';
const REPO_ROOT = join(import.meta.dirname, '..', '..');

export interface Azurite {
  url: string;
  stop(): Promise<void>;
}

/** The run's Azurite, when the global setup started one (inside vitest). */
export function sharedAzuriteUrl(): string | undefined {
  try {
    return inject('azuriteUrl');
  } catch {
    return undefined;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function startAzuriteOn(
  port: number,
  log: (line: string) => void,
  timeoutMs: number,
): Promise<{ child: ChildProcess; stop: () => Promise<void> }> {
  const localNode = join(REPO_ROOT, 'node_modules/.bin/node');
  const nodeBin = existsSync(localNode) ? localNode : process.execPath;
  const script = join(REPO_ROOT, 'node_modules/azurite/dist/src/blob/main.js');
  const workdir = mkdtempSync(join(tmpdir(), 'azurite-'));
  const child = spawn(
    nodeBin,
    [
      // Watchdog: stdin is a pipe from this process; when it closes (even on SIGKILL) Azurite exits too.
      '--import',
      'data:text/javascript,process.stdin.on("end",()=>process.exit(0)).on("error",()=>process.exit(0)).resume()',
      script,
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      String(port),
      '--inMemoryPersistence',
      '--skipApiVersionCheck',
      '--loose',
      '--disableTelemetry',
      '--silent',
    ],
    { stdio: ['pipe', 'pipe', 'pipe'], cwd: workdir },
  );
  let output = '';
  const onData = (d: Buffer): void => {
    output += d.toString();
    if (output.length > 20_000) output = output.slice(-10_000);
    for (const line of d.toString().split('\n')) if (line.trim()) log(`[azurite] ${line}`);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  let exited: number | string | null | undefined;
  const exitPromise = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = code ?? signal;
      resolve();
    }),
  );
  const killOnExit = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);

  const stop = async (): Promise<void> => {
    process.removeListener('exit', killOnExit);
    if (exited === undefined) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exitPromise;
      clearTimeout(killer);
    }
    rmSync(workdir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited !== undefined) {
      await stop();
      throw new Error(`azurite-blob exited (${String(exited)}) before listening:\n${output}`);
    }
    const up = await new Promise<boolean>((resolve) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: `/${ACCOUNT}?comp=list`, method: 'GET' },
        (res) => {
          res.resume();
          resolve(true);
        },
      );
      req.on('error', () => resolve(false));
      req.setTimeout(1000, () => req.destroy());
      req.end();
    });
    if (up) return { child, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`azurite-blob did not listen on ${port} within ${timeoutMs} ms:\n${output}`);
    }
    await sleep(100);
  }
}

/** Starts Azurite on a free loopback port (a port taken meanwhile is retried) and waits until it answers. */
export async function startAzurite(
  options: { log?: (line: string) => void; timeoutMs?: number } = {},
): Promise<Azurite> {
  const log = options.log ?? (() => {});
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    try {
      const { stop } = await startAzuriteOn(port, log, options.timeoutMs ?? 30_000);
      return { url: `http://127.0.0.1:${port}`, stop };
    } catch (err) {
      if (attempt >= 2) throw err;
    }
  }
}
