// The public face of os/lock/: what the rest of the source may use. Anything else in this directory is its own.
export {
  exclusively,
  lockOwnerUid,
  readLockFile,
  readLockText,
  readLockTextSync,
  releasedOnExit,
} from './file.js';
export { barePid, claimOf, judgeLockHolder, validPid } from './holder.js';
export type { HolderVerdict, LockPlace } from './holder.js';
