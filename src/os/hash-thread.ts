// The sha256 of a file's bytes, taken on a worker thread while the main thread scans the same bytes: on two cores
// the hash (about 0.6 s per GiB here, SHA-NI) no longer adds to the scan. The thread reads the descriptor itself
// (threads share the process's descriptors), by position, up to where the main thread has read: nothing is copied
// between the threads. A sink starts hashing on the main thread and hands over once the bytes pass a threshold:
// the thread then hashes from byte 0 (a small file never wakes it). The thread posts the digest to a shared word:
// a pass awaits it (done(), Atomics.waitAsync) before it asks for it synchronously (digest(), Atomics.wait as a
// last resort). One thread per process, started on first use, with a small heap, keeping the process alive only
// while a job is under way. A file that changes in place while it is read is no more detected than by one
// reader: the thread reads the positions the main thread read; one that shrank is (HashRangeError), and the
// caller reads it again.
import { createHash, type Hash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { EXIT, HarnessError } from '../errors/exit-codes.js';

/** A sha256 that a pass feeds with the bytes it reads, and asks for at the end. */
export interface Sha256Sink {
  update(chunk: Buffer): void;
  /** Hex digest of every byte given (HashRangeError when the thread could not hash the bytes given). */
  digest(): string;
  /** Waits until nothing reads the descriptor any more (before it is closed); idempotent. */
  settle(): void;
  /**
   * Resolves once the digest is ready, without blocking this thread meanwhile (digest() would: a pass that can
   * await calls this first, so that signals and timers are served while the hash thread finishes).
   */
  done(): Promise<void>;
  /** Whether the hash went to the hash thread. */
  readonly onThread: boolean;
}

/**
 * The thread could not hash the bytes the pass read (the file shrank, or the thread failed): the callers read the
 * file again, hashed on their own thread. Should one ever escape, it is an input file's fault: exit 18.
 */
export class HashRangeError extends HarnessError {
  override readonly name = 'HashRangeError';

  constructor(message: string) {
    super(message, EXIT.inputFile);
  }
}

/** sha256 on the calling thread. */
export function inlineSha256(): Sha256Sink {
  const hash = createHash('sha256');
  return {
    update: (chunk) => void hash.update(chunk),
    digest: () => hash.digest('hex'),
    settle: () => undefined,
    done: () => Promise.resolve(),
    onThread: false,
  };
}

/**
 * Bytes after which a file's hash goes to the thread unless told otherwise: below it the hash costs the main
 * thread less than 25 ms, and the loop does not pay the thread's memory (about 18 MiB of RSS: a worker is a whole
 * Node environment) for it.
 */
export const OFF_THREAD_FROM = 32 * 1024 * 1024;
/** The thread is told where the main thread has read to at most once per this many bytes (and at the end). */
const TELL_EVERY = 1024 * 1024;

// Shared memory: two words, the job's state (0 working, 1 done, 2 failed) and whether the thread is up (1), then
// the 32-byte digest and the bytes hashed.
const WORKING = 0;
const DONE = 1;
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readSync } = require('node:fs');
const { createHash } = require('node:crypto');
const state = new Int32Array(workerData, 0, 2);
const digest = new Uint8Array(workerData, 8, 32);
const hashed = new Float64Array(workerData, 40, 1);
const buffer = Buffer.allocUnsafe(1024 * 1024);
let hash = null;
let at = 0;
let failed = false;
parentPort.on('message', ({ fd, to, end }) => {
  if (to === 0) { hash = createHash('sha256'); at = 0; failed = false; }
  try {
    while (!failed && at < to) {
      const n = readSync(fd, buffer, 0, Math.min(buffer.length, to - at), at);
      if (n === 0) break;
      hash.update(buffer.subarray(0, n));
      at += n;
    }
  } catch { failed = true; }
  if (!end) return;
  if (!failed) digest.set(hash.digest());
  hashed[0] = at;
  Atomics.store(state, 0, failed ? 2 : 1);
  Atomics.notify(state, 0);
});
Atomics.store(state, 1, 1);
`;

/** Atomics.waitAsync (ES2024, in every Node this runs on), typed here: the project's lib is ES2023. */
const atomics = Atomics as unknown as {
  waitAsync(
    array: Int32Array,
    index: number,
    value: number,
    timeout: number,
  ): { async: false; value: string } | { async: true; value: Promise<string> };
};

interface HashThread {
  worker: Worker;
  state: Int32Array;
  digest: Uint8Array;
  hashed: Float64Array;
  /** A job is under way: the worker is ref'd meanwhile, so that a process awaiting its digest stays alive. */
  busy: boolean;
  /** The worker has exited (killed, out of memory): nothing it was doing will end. */
  dead: boolean;
}

let thread: HashThread | null | undefined;

function startThread(): HashThread | null {
  try {
    const shared = new SharedArrayBuffer(48);
    const worker = new Worker(SOURCE, {
      eval: true,
      workerData: shared,
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 8 },
      // Nothing of the process's own flags (a loader such as --import, --cpu-prof): the thread needs none.
      execArgv: [],
    });
    // Idle, it keeps no process alive; a job refs it (fileSha256) until it is settled.
    worker.unref();
    const started: HashThread = {
      worker,
      state: new Int32Array(shared, 0, 2),
      digest: new Uint8Array(shared, 8, 32),
      hashed: new Float64Array(shared, 40, 1),
      busy: false,
      dead: false,
    };
    // A thread that died (out of memory, killed) is not asked again: hashes stay on the main thread.
    const gone = (): void => {
      started.dead = true;
      // This thread, not one started after it was let go.
      if (thread?.worker === worker) thread = null;
    };
    worker.on('error', gone);
    worker.on('exit', gone);
    return started;
  } catch {
    return null;
  }
}

/** Starts the hash thread if it is not up (it starts in the background); whether it is up and free now. */
export function hashThreadReady(): boolean {
  return freeThread() !== null;
}

/**
 * The thread, up and free for a job; null when there is none, it is busy with another file's, or it has not
 * started yet: the main thread never waits on a thread that is still starting (its start may need the main
 * thread's event loop), it hashes on its own meanwhile and hands over on a later chunk or file.
 */
function freeThread(): HashThread | null {
  if (thread === undefined) thread = startThread();
  return thread !== null && !thread.busy && Atomics.load(thread.state, 1) === 1 ? thread : null;
}

export interface FileSha256Options {
  /** Bytes given before the hash goes to the thread: OFF_THREAD_FROM unless given; 0 from the start. */
  from?: number;
  /**
   * Ends the thread once this hash is settled, for a long-lived process that hashes a large file now and then
   * (the loop): its memory goes with it. A bulk command keeps it for the next file.
   */
  release?: boolean;
}

/**
 * The sha256 of the bytes read from `fd` from position 0, chunk by chunk: on this thread until `from` bytes have
 * been given, then on the hash thread when it is up and free, which reads the descriptor itself from 0 to where
 * the chunks have reached. The caller settles the sink before it closes the descriptor.
 */
export function fileSha256(fd: number, options: FileSha256Options = {}): Sha256Sink {
  const offThreadFrom = options.from ?? OFF_THREAD_FROM;
  let inline: Hash | null = createHash('sha256');
  let t: HashThread | null = null;
  let given = 0;
  let told = 0;
  let ended = false;
  const tell = (end: boolean): void => {
    if (t === null) return;
    t.worker.postMessage({ fd, to: given, end });
    told = given;
  };
  const handOver = (): void => {
    t = freeThread();
    if (t === null) return;
    t.busy = true;
    t.worker.ref();
    Atomics.store(t.state, 0, WORKING);
    inline = null;
    t.worker.postMessage({ fd, to: 0, end: false });
    tell(false);
  };
  // The thread ends every job by storing DONE or failed. One killed mid-job stores nothing: after the longest a
  // job can take at 20 MiB/s it is given up on and the thread let go (the caller reads the file again).
  let deadline = Infinity;
  const end = (): HashThread | null => {
    if (t !== null && !ended) {
      ended = true;
      tell(true);
      deadline = performance.now() + 5000 + given / (20 * 1024);
    }
    return t;
  };
  const working = (job: HashThread): boolean =>
    Atomics.load(job.state, 0) === WORKING && !job.dead && performance.now() < deadline;
  let settled = false;
  const settle = (): void => {
    const job = end();
    if (job === null || settled) return;
    settled = true;
    while (working(job)) Atomics.wait(job.state, 0, WORKING, 1000);
    job.worker.unref();
    if (Atomics.load(job.state, 0) !== WORKING && options.release !== true) job.busy = false;
    else {
      thread = Atomics.load(job.state, 0) === WORKING ? null : undefined;
      job.worker.terminate().catch(() => undefined);
    }
  };
  const done = async (): Promise<void> => {
    const job = end();
    if (job === null) return;
    while (working(job)) {
      const wait = atomics.waitAsync(job.state, 0, WORKING, 1000);
      if (wait.async) await wait.value;
    }
  };
  if (offThreadFrom <= 0) handOver();
  return {
    get onThread() {
      return t !== null;
    },
    update(chunk) {
      given += chunk.length;
      if (inline !== null) {
        inline.update(chunk);
        if (given >= offThreadFrom) handOver();
      } else if (given - told >= TELL_EVERY) tell(false);
    },
    settle,
    done,
    digest() {
      if (inline !== null) return inline.digest('hex');
      settle();
      const job = t;
      if (job === null || Atomics.load(job.state, 0) !== DONE)
        throw new HashRangeError('the hash thread could not read the file');
      if (job.hashed[0] !== given)
        throw new HashRangeError(
          `read ${given} bytes, hashed ${job.hashed[0]}: the file shrank while it was read`,
        );
      return Buffer.from(job.digest).toString('hex');
    },
  };
}
