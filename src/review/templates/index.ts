// The public face of review/templates/: what the rest of the source may use. Anything else in this directory is its own.
export { attach } from './attach.js';
export { renderPhasePrompt } from './templates-engine.js';
export { loadPhaseTemplates } from './templates-load.js';
export type { TemplateSource } from './templates-load.js';
