// The public face of platform/github/review/: what the rest of the source may use. Anything else in this directory is its own.
export { branchNow, commitLeftovers, excludeFromGit, planBranch, switchToBranch } from './branch.js';
export { escalationMarker, planFailureComment } from './escalation-comment.js';
export { ReviewForge } from './forge.js';
export { blobUrl, pullBody, pullTitle } from './pull-body.js';
export { captureRemote, pushHead, withTokenHeader } from './remote.js';
export type { BranchRemote } from './remote.js';
export { humanReplies, openOrUpdatePull, postEscalation } from './review-github.js';
