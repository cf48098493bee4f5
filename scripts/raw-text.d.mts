// Types of raw-text.mjs (the rollup plugin for `?raw` imports), for the TypeScript tests that use it.
import type { Plugin } from 'rollup';

export default function rawText(): Plugin;
