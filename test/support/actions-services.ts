/**
 * The GitHub Actions results services (cache service v2 + artifacts v4) on loopback, good enough to drive the
 * REAL `@actions/cache` 6 and `@actions/artifact` 6 clients offline.
 *
 * - The blob store is a real Azurite (`azurite-blob`, in-memory) child process. The clients talk to it through
 *   a small loopback proxy (so blob faults can be injected) with real SAS URLs for `devstoreaccount1`.
 * - The control plane is a small Twirp JSON server implementing `CacheService` (CreateCacheEntry,
 *   FinalizeCacheEntryUpload, GetCacheEntryDownloadURL) and `ArtifactService` (CreateArtifact, FinalizeArtifact,
 *   ListArtifacts, GetSignedArtifactURL, DeleteArtifact) with GitHub's semantics: cache entries are immutable
 *   (key + version), restores match the key exactly and then each restore key by prefix, newest first; artifact
 *   names are immutable within a run.
 *
 * Hand {@link ActionsServices.env} to a child process (the clients read env at import time and keep sockets
 * alive, so run them in a child).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, inflateRawSync } from 'node:zlib';
import {
  BlobSASPermissions,
  BlobServiceClient,
  SASProtocol,
  StorageSharedKeyCredential,
  generateBlobSASQueryParameters,
} from '@azure/storage-blob';
import { ACCOUNT, ACCOUNT_KEY, sharedAzuriteUrl, startAzurite } from './azurite.js';

export type ServiceName = 'cache' | 'artifact' | 'blob';

export type Fault =
  | {
      kind: 'status';
      status: number;
      /** How many matching requests get this answer. Default: all of them (sticky). */
      times?: number;
    }
  | {
      kind: 'timeout';
      /** How long the response is held. `Infinity` holds it until the client gives up or `close()`. */
      ms: number;
      times?: number;
      /** What happens after the hold: drop the connection (default) or answer this HTTP status. */
      then?: 'drop' | number;
    };

export interface Faults {
  /**
   * Inject a fault. `method` is the Twirp method (`CreateCacheEntry`, `CreateArtifact`, ...) for `cache` and
   * `artifact`, the HTTP method (`PUT`, `GET`, `HEAD`) for `blob`, or `'*'` for all. `null` clears it.
   */
  set(service: ServiceName, method: string, fault: Fault | null): void;
  /** Remove every fault. */
  clear(): void;
}

export interface RecordedCall {
  service: ServiceName;
  /** Twirp method, or the HTTP method for blob requests. */
  method: string;
  /** Request path (blob requests: without the SAS query). */
  path: string;
  /** Parsed JSON body (Twirp calls only). */
  body?: unknown;
  status: number;
  /** Twirp error code when the call failed with one. */
  code?: string;
  /** The fault that answered this call, if any. */
  fault?: Fault['kind'];
  at: number;
  ms: number;
}

export interface CacheEntry {
  id: number;
  key: string;
  version: string;
  size: number;
  finalized: boolean;
  createdAt: Date;
  blobName: string;
}

export interface ArtifactRecord {
  id: number;
  name: string;
  size: number;
  runBackendId: string;
  jobBackendId: string;
  finalized: boolean;
  createdAt: Date;
  mimeType?: string;
  digest?: string;
  expiresAt?: string;
  blobName: string;
}

export interface ActionsServicesOptions {
  runBackendId?: string;
  jobBackendId?: string;
  /** Log Twirp calls and Azurite output to stderr. Default: when ACTIONS_SERVICES_DEBUG is set. */
  debug?: boolean;
  /** How long to wait for Azurite to listen. Default 30 s. */
  startTimeoutMs?: number;
}

export interface ActionsServices {
  /** Base URL of the Twirp control plane (ACTIONS_RESULTS_URL), with a trailing slash. */
  resultsUrl: string;
  /** The bearer JWT (unsigned) whose `scp` carries `Actions.Results:<run>:<job>`. */
  runtimeToken: string;
  runBackendId: string;
  jobBackendId: string;
  /** The blob proxy's base URL (what SAS URLs point at). */
  blobUrl: string;
  /** Azurite's own base URL (no faults), e.g. for reading blobs back. */
  azuriteUrl: string;
  /** Everything a child process needs to use the services with the real clients. */
  env: Record<string, string>;
  /**
   * The env of another job of the same workflow run: the same run backend id (artifact names are unique per
   * run, as on GitHub) and a job backend id of its own, in a runtime token the control plane also accepts.
   */
  jobEnv(): Record<string, string>;
  cacheEntries(): CacheEntry[];
  artifacts(): ArtifactRecord[];
  /** Download a finalized artifact's zip straight from Azurite and unzip it: path inside the zip -> bytes. */
  downloadArtifact(name: string): Promise<Map<string, Buffer>>;
  faults: Faults;
  requests: RecordedCall[];
  close(): Promise<void>;
}

const TWIRP_PREFIX = '/twirp/github.actions.results.api.v1.';

class TwirpError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const TWIRP_STATUS: Record<string, number> = {
  invalid_argument: 400,
  malformed: 400,
  unauthenticated: 401,
  permission_denied: 403,
  not_found: 404,
  bad_route: 404,
  already_exists: 409,
  failed_precondition: 412,
  resource_exhausted: 429,
  internal: 500,
  unknown: 500,
  unavailable: 503,
  deadline_exceeded: 504,
};

function codeForStatus(status: number): string {
  return Object.entries(TWIRP_STATUS).find(([, s]) => s === status)?.[0] ?? 'unknown';
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function makeRuntimeToken(runBackendId: string, jobBackendId: string): string {
  const now = Math.floor(Date.now() / 1000);
  const scp = [
    'Actions.ExampleScope',
    `Actions.Results:${runBackendId}:${jobBackendId}`,
    `Actions.UploadArtifacts:${runBackendId}:${jobBackendId}`,
  ].join(' ');
  const payload = {
    scp,
    iss: 'agent-harness-test',
    aud: 'vso',
    nbf: now - 60,
    iat: now,
    exp: now + 6 * 3600,
  };
  return `${base64url({ typ: 'JWT', alg: 'RS256' })}.${base64url(payload)}.${Buffer.from('unsigned').toString('base64url')}`;
}

function field<T>(body: Record<string, unknown>, snake: string, camel: string): T | undefined {
  return (body[snake] ?? body[camel]) as T | undefined;
}

/** A proto3 JSON wrapper value (`StringValue`/`Int64Value`) arrives as the bare value. */
function wrapped(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const bare: unknown = typeof value === 'object' && 'value' in value ? value.value : value;
  return typeof bare === 'string' ? bare : JSON.stringify(bare);
}

async function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Read every file entry of a zip (stored or deflated; zip64 aware), checking each CRC. */
export function unzip(zip: Buffer): Map<string, Buffer> {
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('unzip: end of central directory not found');
  let entries = zip.readUInt16LE(eocd + 10);
  let cdOffset = zip.readUInt32LE(eocd + 16);
  if (entries === 0xffff || cdOffset === 0xffffffff) {
    const locator = eocd - 20;
    if (locator < 0 || zip.readUInt32LE(locator) !== 0x07064b50)
      throw new Error('unzip: zip64 locator missing');
    const eocd64 = Number(zip.readBigUInt64LE(locator + 8));
    if (zip.readUInt32LE(eocd64) !== 0x06064b50) throw new Error('unzip: zip64 end record missing');
    entries = Number(zip.readBigUInt64LE(eocd64 + 32));
    cdOffset = Number(zip.readBigUInt64LE(eocd64 + 48));
  }
  const files = new Map<string, Buffer>();
  let p = cdOffset;
  for (let n = 0; n < entries; n++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error(`unzip: bad central header at ${p}`);
    const method = zip.readUInt16LE(p + 10);
    const crc = zip.readUInt32LE(p + 16);
    let compSize = zip.readUInt32LE(p + 20);
    let size = zip.readUInt32LE(p + 24);
    const nameLen = zip.readUInt16LE(p + 28);
    const extraLen = zip.readUInt16LE(p + 30);
    const commentLen = zip.readUInt16LE(p + 32);
    let localOffset = zip.readUInt32LE(p + 42);
    const name = zip.toString('utf8', p + 46, p + 46 + nameLen);
    // zip64 extended information: only the fields that overflowed are present, in this order.
    for (let e = p + 46 + nameLen; e < p + 46 + nameLen + extraLen;) {
      const id = zip.readUInt16LE(e);
      const len = zip.readUInt16LE(e + 2);
      if (id === 0x0001) {
        let q = e + 4;
        if (size === 0xffffffff) {
          size = Number(zip.readBigUInt64LE(q));
          q += 8;
        }
        if (compSize === 0xffffffff) {
          compSize = Number(zip.readBigUInt64LE(q));
          q += 8;
        }
        if (localOffset === 0xffffffff) localOffset = Number(zip.readBigUInt64LE(q));
      }
      e += 4 + len;
    }
    p += 46 + nameLen + extraLen + commentLen;
    if (name.endsWith('/')) continue;
    if (zip.readUInt32LE(localOffset) !== 0x04034b50) throw new Error(`unzip: bad local header for ${name}`);
    const start = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    const raw = zip.subarray(start, start + compSize);
    let data: Buffer;
    if (method === 0) data = Buffer.from(raw);
    else if (method === 8) data = inflateRawSync(raw);
    else throw new Error(`unzip: unsupported method ${method} for ${name}`);
    if (data.length !== size) throw new Error(`unzip: size mismatch for ${name}: ${data.length} != ${size}`);
    if (crc32(data) >>> 0 !== crc >>> 0) throw new Error(`unzip: CRC mismatch for ${name}`);
    files.set(name, data);
  }
  return files;
}

interface Held {
  timer: NodeJS.Timeout;
  socket: Socket | null;
}

class FaultTable implements Faults {
  private readonly table = new Map<string, Fault>();

  set(service: ServiceName, method: string, fault: Fault | null): void {
    const k = `${service}\u0000${method}`;
    if (fault === null) this.table.delete(k);
    else this.table.set(k, { ...fault });
  }

  clear(): void {
    this.table.clear();
  }

  /** The fault for this call (specific method first, then '*'), consuming one of its `times`. */
  take(service: ServiceName, method: string): Fault | undefined {
    for (const k of [`${service}\u0000${method}`, `${service}\u0000*`]) {
      const fault = this.table.get(k);
      if (!fault) continue;
      if (fault.times !== undefined) {
        if (fault.times <= 1) this.table.delete(k);
        else fault.times -= 1;
      }
      return fault;
    }
    return undefined;
  }
}

export async function startActionsServices(opts: ActionsServicesOptions = {}): Promise<ActionsServices> {
  const debug = opts.debug ?? Boolean(process.env['ACTIONS_SERVICES_DEBUG']);
  const log = (line: string): void => {
    if (debug) process.stderr.write(`${line}\n`);
  };
  const runBackendId = opts.runBackendId ?? randomUUID();
  const jobBackendId = opts.jobBackendId ?? randomUUID();
  const runtimeToken = makeRuntimeToken(runBackendId, jobBackendId);
  const tokens = new Set([runtimeToken]);
  const faults = new FaultTable();
  const requests: RecordedCall[] = [];
  const held = new Set<Held>();
  const cleanup: (() => Promise<void>)[] = [];
  const runCleanup = async (): Promise<void> => {
    for (const fn of cleanup.reverse()) await fn().catch(() => undefined);
    cleanup.length = 0;
  };

  try {
    // --- Azurite: the run's own (global-setup.ts), with containers of this instance's own ----------------------
    let azuriteUrl = sharedAzuriteUrl();
    if (azuriteUrl === undefined) {
      const azurite = await startAzurite({ log, timeoutMs: opts.startTimeoutMs ?? 30_000 });
      cleanup.push(() => azurite.stop());
      azuriteUrl = azurite.url;
    }
    const azuritePort = Number(new URL(azuriteUrl).port);
    const instance = randomUUID().slice(0, 8);
    const CACHE_CONTAINER = `actions-cache-${instance}`;
    const ARTIFACT_CONTAINER = `actions-artifacts-${instance}`;
    const credential = new StorageSharedKeyCredential(ACCOUNT, ACCOUNT_KEY);
    // The one Azurite serves every services instance of the run, several files' tests at once: a connection it drops
    // on a loaded machine is tried again (the clients under test talk to the proxy, not through this client).
    const blobService = new BlobServiceClient(`${azuriteUrl}/${ACCOUNT}`, credential, {
      retryOptions: { maxTries: 5, retryDelayInMs: 200 },
    });
    for (const name of [CACHE_CONTAINER, ARTIFACT_CONTAINER]) {
      // The name is this instance's own: "already there" can only be our own create whose answer was lost.
      await blobService.getContainerClient(name).createIfNotExists();
      cleanup.push(async () => {
        await blobService.getContainerClient(name).deleteIfExists();
      });
    }

    // --- Blob proxy (fault injection in front of Azurite) ------------------------------------------------------
    const hold = (
      res: ServerResponse,
      fault: Extract<Fault, { kind: 'timeout' }>,
      done: () => void,
    ): void => {
      const entry: Held = { socket: res.socket, timer: undefined as unknown as NodeJS.Timeout };
      let recorded = false;
      const record = (): void => {
        if (!recorded) done();
        recorded = true;
      };
      const finish = (): void => {
        held.delete(entry);
        if (fault.then === undefined || fault.then === 'drop') res.socket?.destroy();
        else if (!res.headersSent) {
          res.writeHead(fault.then, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ code: codeForStatus(fault.then), msg: 'injected fault after timeout' }));
        }
        record();
      };
      if (Number.isFinite(fault.ms)) entry.timer = setTimeout(finish, fault.ms);
      held.add(entry);
      // The client gave up (or the process went away) first: still record the call.
      res.on('close', () => {
        clearTimeout(entry.timer);
        held.delete(entry);
        record();
      });
    };

    const blobProxy = createServer((req, res) => {
      const started = Date.now();
      const method = req.method ?? 'GET';
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const record = (status: number, fault?: Fault['kind']): void => {
        requests.push({
          service: 'blob',
          method,
          path,
          status,
          fault,
          at: started,
          ms: Date.now() - started,
        });
      };
      const fault = faults.take('blob', method);
      if (fault?.kind === 'status') {
        req.resume();
        req.on('end', () => {
          const code = fault.status === 403 ? 'AuthorizationFailure' : 'InjectedFault';
          res.writeHead(fault.status, { 'content-type': 'application/xml', 'x-ms-error-code': code });
          res.end(
            `<?xml version="1.0" encoding="utf-8"?><Error><Code>${code}</Code><Message>injected fault</Message></Error>`,
          );
          record(fault.status, 'status');
        });
        return;
      }
      if (fault?.kind === 'timeout') {
        req.resume();
        hold(res, fault, () => record(typeof fault.then === 'number' ? fault.then : 0, 'timeout'));
        return;
      }
      const upstream = httpRequest(
        {
          host: '127.0.0.1',
          port: azuritePort,
          method,
          path: req.url,
          headers: { ...req.headers, host: `127.0.0.1:${azuritePort}` },
        },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
          up.on('end', () => record(up.statusCode ?? 502));
        },
      );
      upstream.on('error', (err) => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(String(err));
        record(502);
      });
      req.pipe(upstream);
    });
    const blobPort = await listen(blobProxy);
    cleanup.push(
      () =>
        new Promise<void>((resolve) => {
          blobProxy.closeAllConnections();
          blobProxy.close(() => resolve());
        }),
    );
    const blobUrl = `http://127.0.0.1:${blobPort}`;

    const sasUrl = (container: string, blobName: string, permissions: string, base = blobUrl): string => {
      const sas = generateBlobSASQueryParameters(
        {
          containerName: container,
          blobName,
          permissions: BlobSASPermissions.parse(permissions),
          startsOn: new Date(Date.now() - 5 * 60_000),
          expiresOn: new Date(Date.now() + 6 * 3600_000),
          protocol: SASProtocol.HttpsAndHttp,
        },
        credential,
      ).toString();
      return `${base}/${ACCOUNT}/${container}/${encodeURIComponent(blobName)}?${sas}`;
    };
    const blobSize = async (container: string, blobName: string): Promise<number | undefined> => {
      try {
        const props = await blobService.getContainerClient(container).getBlobClient(blobName).getProperties();
        return props.contentLength ?? 0;
      } catch {
        return undefined;
      }
    };

    // --- State ----------------------------------------------------------------------------------------------
    let nextId = 1000;
    const cache: CacheEntry[] = [];
    const artifacts: ArtifactRecord[] = [];

    const cacheMethods: Record<string, (body: Record<string, unknown>) => Promise<unknown>> = {
      async CreateCacheEntry(body) {
        const key = field<string>(body, 'key', 'key') ?? '';
        const version = field<string>(body, 'version', 'version') ?? '';
        if (!key || !version) throw new TwirpError('invalid_argument', 'key and version are required');
        if (cache.some((e) => e.key === key && e.version === version)) {
          throw new TwirpError(
            'already_exists',
            `cache entry with key ${key} and version ${version} already exists`,
          );
        }
        const id = nextId++;
        const blobName = `${id}-${key.replace(/[^A-Za-z0-9._-]/g, '_')}`;
        cache.push({ id, key, version, size: 0, finalized: false, createdAt: new Date(), blobName });
        return { ok: true, signed_upload_url: sasUrl(CACHE_CONTAINER, blobName, 'cw') };
      },
      async FinalizeCacheEntryUpload(body) {
        const key = field<string>(body, 'key', 'key') ?? '';
        const version = field<string>(body, 'version', 'version') ?? '';
        const entry = cache.find((e) => e.key === key && e.version === version);
        if (!entry) throw new TwirpError('not_found', `no cache entry being created with key ${key}`);
        if (entry.finalized)
          throw new TwirpError('already_exists', `cache entry with key ${key} is already finalized`);
        const size = await blobSize(CACHE_CONTAINER, entry.blobName);
        if (size === undefined)
          throw new TwirpError('failed_precondition', `nothing was uploaded for key ${key}`);
        entry.size = size;
        entry.finalized = true;
        return { ok: true, entry_id: String(entry.id) };
      },
      async GetCacheEntryDownloadURL(body) {
        const key = field<string>(body, 'key', 'key') ?? '';
        const restoreKeys = field<string[]>(body, 'restore_keys', 'restoreKeys') ?? [];
        const version = field<string>(body, 'version', 'version') ?? '';
        const usable = cache.filter((e) => e.finalized && e.version === version);
        const newestFirst = (a: CacheEntry, b: CacheEntry): number =>
          b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;
        let match = usable.find((e) => e.key === key);
        for (const prefix of restoreKeys) {
          if (match) break;
          match =
            usable.find((e) => e.key === prefix) ??
            usable.filter((e) => e.key.startsWith(prefix)).sort(newestFirst)[0];
        }
        if (!match) return { ok: false, signed_download_url: '', matched_key: '' };
        return {
          ok: true,
          signed_download_url: sasUrl(CACHE_CONTAINER, match.blobName, 'r'),
          matched_key: match.key,
        };
      },
    };

    const checkRun = (body: Record<string, unknown>): { run: string; job: string } => {
      const run = field<string>(body, 'workflow_run_backend_id', 'workflowRunBackendId') ?? '';
      const job = field<string>(body, 'workflow_job_run_backend_id', 'workflowJobRunBackendId') ?? '';
      if (run !== runBackendId)
        throw new TwirpError('permission_denied', `run ${run} is not this token's run`);
      return { run, job };
    };
    const toListed = (a: ArtifactRecord): Record<string, unknown> => ({
      workflow_run_backend_id: a.runBackendId,
      workflow_job_run_backend_id: a.jobBackendId,
      database_id: String(a.id),
      name: a.name,
      size: String(a.size),
      created_at: a.createdAt.toISOString(),
      ...(a.digest ? { digest: a.digest } : {}),
    });
    const findArtifact = (run: string, name: string): ArtifactRecord | undefined =>
      artifacts.find((a) => a.runBackendId === run && a.name === name);

    const artifactMethods: Record<string, (body: Record<string, unknown>) => Promise<unknown>> = {
      async CreateArtifact(body) {
        const { run, job } = checkRun(body);
        const name = field<string>(body, 'name', 'name') ?? '';
        if (!name) throw new TwirpError('invalid_argument', 'name is required');
        if (findArtifact(run, name)) {
          throw new TwirpError('already_exists', `an artifact with name ${name} already exists for this run`);
        }
        const id = nextId++;
        const blobName = `${run}/${id}/${name}.zip`;
        artifacts.push({
          id,
          name,
          size: 0,
          runBackendId: run,
          jobBackendId: job,
          finalized: false,
          createdAt: new Date(),
          mimeType: wrapped(field(body, 'mime_type', 'mimeType')),
          expiresAt: field<string>(body, 'expires_at', 'expiresAt'),
          blobName,
        });
        return { ok: true, signed_upload_url: sasUrl(ARTIFACT_CONTAINER, blobName, 'cw') };
      },
      async FinalizeArtifact(body) {
        const { run } = checkRun(body);
        const name = field<string>(body, 'name', 'name') ?? '';
        const artifact = findArtifact(run, name);
        if (!artifact) throw new TwirpError('not_found', `no artifact named ${name} is being created`);
        if (artifact.finalized)
          throw new TwirpError('already_exists', `artifact ${name} is already finalized`);
        const size = await blobSize(ARTIFACT_CONTAINER, artifact.blobName);
        if (size === undefined)
          throw new TwirpError('failed_precondition', `nothing was uploaded for ${name}`);
        artifact.size = size;
        artifact.digest = wrapped(field(body, 'hash', 'hash'));
        artifact.finalized = true;
        return { ok: true, artifact_id: String(artifact.id) };
      },
      async ListArtifacts(body) {
        const { run } = checkRun(body);
        const nameFilter = wrapped(field(body, 'name_filter', 'nameFilter'));
        const idFilter = wrapped(field(body, 'id_filter', 'idFilter'));
        const list = artifacts.filter(
          (a) =>
            a.finalized &&
            a.runBackendId === run &&
            (nameFilter === undefined || a.name === nameFilter) &&
            (idFilter === undefined || String(a.id) === idFilter),
        );
        return { artifacts: list.map(toListed) };
      },
      async GetSignedArtifactURL(body) {
        const { run } = checkRun(body);
        const name = field<string>(body, 'name', 'name') ?? '';
        const artifact = findArtifact(run, name);
        if (!artifact?.finalized) throw new TwirpError('not_found', `artifact ${name} not found`);
        return { signed_url: sasUrl(ARTIFACT_CONTAINER, artifact.blobName, 'r') };
      },
      async DeleteArtifact(body) {
        const { run } = checkRun(body);
        const name = field<string>(body, 'name', 'name') ?? '';
        const artifact = findArtifact(run, name);
        if (!artifact?.finalized) throw new TwirpError('not_found', `artifact ${name} not found`);
        artifacts.splice(artifacts.indexOf(artifact), 1);
        await blobService
          .getContainerClient(ARTIFACT_CONTAINER)
          .getBlobClient(artifact.blobName)
          .deleteIfExists()
          .catch(() => undefined);
        return { ok: true, artifact_id: String(artifact.id) };
      },
    };

    // --- Twirp control plane --------------------------------------------------------------------------------
    const twirp = createServer((req, res) => {
      const started = Date.now();
      const url = req.url ?? '/';
      (async () => {
        const raw = await readBody(req);
        const svcMatch = url.startsWith(TWIRP_PREFIX)
          ? /^(CacheService|ArtifactService)\/(\w+)$/.exec(url.slice(TWIRP_PREFIX.length))
          : null;
        const service: ServiceName = svcMatch?.[1] === 'ArtifactService' ? 'artifact' : 'cache';
        const method = svcMatch?.[2] ?? url;
        let body: Record<string, unknown>;
        const call: RecordedCall = { service, method, path: url, status: 0, at: started, ms: 0 };
        const answer = (status: number, payload: unknown, code?: string, fault?: Fault['kind']): void => {
          call.status = status;
          call.code = code;
          call.fault = fault;
          call.ms = Date.now() - started;
          requests.push(call);
          log(
            `[twirp] ${service}.${method} -> ${status}${code ? ` ${code}` : ''}${fault ? ` (fault ${fault})` : ''}`,
          );
          if (!res.writableEnded && !res.destroyed) {
            res.writeHead(status, { 'content-type': 'application/json' });
            res.end(JSON.stringify(payload));
          }
        };
        const fail = (err: TwirpError, fault?: Fault['kind']): void =>
          answer(TWIRP_STATUS[err.code] ?? 500, { code: err.code, msg: err.message }, err.code, fault);

        try {
          body = raw.length ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : {};
        } catch {
          return fail(new TwirpError('malformed', 'request body is not JSON'));
        }
        call.body = body;
        if (req.method !== 'POST' || !svcMatch)
          return fail(new TwirpError('bad_route', `no handler for ${url}`));
        const handlers = service === 'cache' ? cacheMethods : artifactMethods;
        const handler = handlers[method];
        if (!handler) return fail(new TwirpError('bad_route', `no method ${method}`));
        const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        if (bearer === undefined || !tokens.has(bearer)) {
          return fail(new TwirpError('unauthenticated', 'missing or wrong bearer token'));
        }
        const fault = faults.take(service, method);
        if (fault?.kind === 'status') {
          return fail(
            new TwirpError(codeForStatus(fault.status), `injected fault ${fault.status}`),
            'status',
          );
        }
        if (fault?.kind === 'timeout') {
          // Really hold the response; what happens afterwards is the fault's `then`.
          return hold(res, fault, () => {
            call.status = typeof fault.then === 'number' ? fault.then : 0;
            call.fault = 'timeout';
            call.ms = Date.now() - started;
            requests.push(call);
            log(`[twirp] ${service}.${method} held ${call.ms} ms (fault timeout)`);
          });
        }
        try {
          answer(200, await handler(body));
        } catch (err) {
          fail(err instanceof TwirpError ? err : new TwirpError('internal', String(err)));
        }
      })().catch((error: unknown) => {
        log(`[twirp] ${url}: ${String(error)}`);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
    const twirpPort = await listen(twirp);
    cleanup.push(
      () =>
        new Promise<void>((resolve) => {
          twirp.closeAllConnections();
          twirp.close(() => resolve());
        }),
    );
    cleanup.push(async () => {
      for (const h of held) {
        clearTimeout(h.timer);
        h.socket?.destroy();
      }
      held.clear();
    });
    const resultsUrl = `http://127.0.0.1:${twirpPort}/`;

    const runnerTemp = mkdtempSync(join(tmpdir(), 'actions-runner-temp-'));
    cleanup.push(async () => rmSync(runnerTemp, { recursive: true, force: true }));

    const env: Record<string, string> = {
      ACTIONS_RESULTS_URL: resultsUrl,
      ACTIONS_RUNTIME_TOKEN: runtimeToken,
      ACTIONS_CACHE_SERVICE_V2: 'true',
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_RUN_ID: '1',
      GITHUB_RUN_ATTEMPT: '1',
      GITHUB_REPOSITORY: 'local/agent-harness',
      RUNNER_TEMP: runnerTemp,
    };

    let closed = false;
    return {
      resultsUrl,
      runtimeToken,
      runBackendId,
      jobBackendId,
      blobUrl,
      azuriteUrl,
      env,
      jobEnv() {
        const token = makeRuntimeToken(runBackendId, randomUUID());
        tokens.add(token);
        return { ...env, ACTIONS_RUNTIME_TOKEN: token };
      },
      faults,
      requests,
      cacheEntries: () => cache.map((e) => ({ ...e })),
      artifacts: () => artifacts.map((a) => ({ ...a })),
      async downloadArtifact(name) {
        const artifact = artifacts.filter((a) => a.name === name && a.finalized).at(-1);
        if (!artifact) throw new Error(`no finalized artifact named ${name}`);
        const blob = blobService.getContainerClient(ARTIFACT_CONTAINER).getBlobClient(artifact.blobName);
        return unzip(await blob.downloadToBuffer());
      },
      async close() {
        if (closed) return;
        closed = true;
        await runCleanup();
      },
    };
  } catch (err) {
    await runCleanup();
    throw err;
  }
}
