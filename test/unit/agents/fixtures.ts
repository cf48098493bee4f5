import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../../fixtures/transcripts/', import.meta.url));

export const transcript = (name: string): string => readFileSync(`${dir}${name}`, 'utf8');

export const at = (iso: string): number => Date.parse(iso);
