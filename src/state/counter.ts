// The global iteration counter, the bash loop's `.iteration_counter`: one integer, the global number the NEXT
// session will use (0 when the file is absent). It is written as n+1 right after transcript n is created.
import { EXIT, HarnessError } from '../errors/exit-codes.js';
import { readInputText } from '../os/input-file.js';
import { writeFileAtomic } from './atomic.js';

/** An unreadable counter file (the user must fix or remove it): exit code 2 (EXIT.usage). */
export class CounterFileError extends HarnessError {
  override readonly name = 'CounterFileError';

  constructor(message: string) {
    super(message, EXIT.usage);
  }
}

export async function readCounter(path: string): Promise<number> {
  let text: string;
  try {
    text = await readInputText(path, { what: 'counter file' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!/^\d+$/.test(trimmed)) {
    throw new CounterFileError(
      `${path}: expected a non-negative integer, found ${JSON.stringify(trimmed.slice(0, 40))}; ` +
        'fix or delete the file (the counter then restarts after the highest transcript number)',
    );
  }
  return Number(trimmed);
}

export async function writeCounter(path: string, value: number): Promise<void> {
  await writeFileAtomic(path, `${value}\n`, { durable: true });
}
