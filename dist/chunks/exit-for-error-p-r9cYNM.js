import { H as HarnessError, E as EXIT } from './exit-codes-BkuRLrXJ.js';

function exitForError(error) {
  if (error instanceof HarnessError) return { code: error.exitCode, message: error.message };
  const detail = error instanceof Error ? error.stack ?? error.message : String(error);
  return { code: EXIT.failure, message: `unexpected failure: ${detail}` };
}

export { exitForError as e };
