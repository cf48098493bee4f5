// One artifact per run attempt with this run's transcripts, the event log and the status file. Every file is
// copied through the secret redactor first (streaming, so a large transcript is never held in memory), and the
// redacted copies are what is uploaded. A failed upload is a warning: everything is still on the runner's disk.
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createChunkRedactor } from './redact.js';

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
  stageDir: string;
  secrets: string[];
  retentionDays: number | null;
  warn: (message: string) => void;
}): Promise<{ id: number | null; size: number | null; files: number }> {
  await rm(input.stageDir, { recursive: true, force: true });
  await mkdir(input.stageDir, { recursive: true });
  const staged: string[] = [];
  for (const file of input.files) {
    if (!existsSync(file)) continue;
    const target = join(input.stageDir, basename(file));
    await pipeline(createReadStream(file), redactingTransform(input.secrets), createWriteStream(target));
    staged.push(target);
  }
  if (staged.length === 0) return { id: null, size: null, files: 0 };
  try {
    const response = await input.client.uploadArtifact(input.name, staged, input.stageDir, {
      ...(input.retentionDays !== null ? { retentionDays: input.retentionDays } : {}),
    });
    return { id: response.id ?? null, size: response.size ?? null, files: staged.length };
  } catch (error) {
    input.warn(
      `uploading the artifact ${input.name} failed: ${(error as Error).message}; the files stay on the runner`,
    );
    return { id: null, size: null, files: staged.length };
  }
}
