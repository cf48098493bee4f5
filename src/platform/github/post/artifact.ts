// One artifact per job (named in artifact-name.ts) with this run's transcripts, the event log and the status
// file. Every file is copied through the secret redactor first (streaming, so a large transcript is never held in
// memory), and the redacted copies are what is uploaded; the kept work's git bundle, checked for secrets instead
// (wip-bundle.ts), goes up as it is. A failed upload is a warning: everything is still on
// the runner's disk. A name the run already used (another job or step asked for it) is an error, not a silent
// loss: the files go up under a suffixed name, and the error says which and how to keep names apart.
import { createReadStream, createWriteStream, existsSync, statSync } from 'node:fs';
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { randomBytes } from 'node:crypto';
import { collisionName, isNameCollision } from './artifact-name.js';
import { createChunkRedactor } from '../redact.js';

export interface ArtifactClient {
  uploadArtifact(
    name: string,
    files: string[],
    rootDirectory: string,
    options?: { retentionDays?: number },
  ): Promise<{ id?: number; size?: number }>;
}

export function redactingTransform(secrets: string[]): Transform {
  const redactor = createChunkRedactor(secrets);
  const decoder = new StringDecoder('utf8');
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, redactor.push(decoder.write(chunk)));
    },
    flush(done) {
      done(null, redactor.push(decoder.end()) + redactor.flush());
    },
  });
}

export async function uploadRunArtifact(input: {
  client: ArtifactClient;
  name: string;
  files: string[];
  /** Files that go up as they are, not through the redactor (the kept work's git bundle: post/wip-bundle.ts). */
  rawFiles?: string[];
  stageDir: string;
  secrets: string[];
  retentionDays: number | null;
  warn: (message: string) => void;
  /** Reported (as an error annotation) when the name was taken and the artifact went up under another. */
  error: (message: string) => void;
  random?: () => string;
}): Promise<{ id: number | null; size: number | null; files: number; name: string }> {
  await rm(input.stageDir, { recursive: true, force: true });
  await mkdir(input.stageDir, { recursive: true });
  const staged: string[] = [];
  for (const file of input.files) {
    if (!existsSync(file)) continue;
    // A directory (a worker task's artifacts/) goes in whole, under its own name; symbolic links are left out.
    const sources = statSync(file).isDirectory()
      ? (await readdir(file, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile())
          .map((entry) => join(entry.parentPath, entry.name))
      : [file];
    for (const source of sources) {
      const target = join(input.stageDir, basename(file), relative(file, source));
      await mkdir(dirname(target), { recursive: true });
      await pipeline(createReadStream(source), redactingTransform(input.secrets), createWriteStream(target));
      staged.push(target);
    }
  }
  for (const file of input.rawFiles ?? []) {
    const target = join(input.stageDir, basename(file));
    await copyFile(file, target);
    staged.push(target);
  }
  if (staged.length === 0) return { id: null, size: null, files: 0, name: input.name };
  const options = input.retentionDays !== null ? { retentionDays: input.retentionDays } : {};
  const upload = (name: string) => input.client.uploadArtifact(name, staged, input.stageDir, options);
  let name = input.name;
  try {
    let response: { id?: number; size?: number };
    try {
      response = await upload(name);
    } catch (error) {
      if (!isNameCollision(error)) throw error;
      name = collisionName(input.name, input.random ?? (() => randomBytes(4).toString('hex')));
      response = await upload(name);
      input.error(
        `agent-harness: this run already has an artifact named ${input.name} (another job or step of the run ` +
          `uploaded one, and artifact names cannot be reused in a run); this job's files were uploaded as ` +
          `${name} instead. Give each use of the Action in a run its own job-key input (the default, ` +
          '${{ github.job }}-${{ strategy.job-index }}, is unique per job and matrix leg, not per step).',
      );
    }
    return { id: response.id ?? null, size: response.size ?? null, files: staged.length, name };
  } catch (error) {
    input.warn(
      `uploading the artifact ${name} failed: ${(error as Error).message}; the files stay on the runner`,
    );
    return { id: null, size: null, files: staged.length, name };
  }
}
