// The public face of platform/github/post/: what the rest of the source may use. Anything else in this directory is its own.
export { artifactName } from './artifact-name.js';
export { POST_STATE_NAME, encodePostState } from './post-state.js';
export type { PostState, PostStore } from './post-state.js';
export { run } from './step.js';
