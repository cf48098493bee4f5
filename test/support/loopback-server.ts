// The listening half of every scripted API server: HTTP on 127.0.0.1 at a free port, with its open sockets
// tracked so that close() also ends the streams a script leaves open on purpose (a stall).
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Loopback {
  url: string;
  port: number;
  /** Stops listening and destroys every open connection; the same promise on every call. */
  close(): Promise<void>;
}

export async function listenOnLoopback(
  listener: RequestListener,
  configure: (server: Server) => void = () => undefined,
): Promise<Loopback> {
  const sockets = new Set<Socket>();
  const server = createServer(listener);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  configure(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  let closed: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close() {
      closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
      });
      return closed;
    },
  };
}

/**
 * Walks a server's script: each request takes the step at the cursor. A `status` step answers `repeat` requests
 * (all of them when unset: sticky) before the script moves on; every other step answers one.
 */
export function scriptCursor<S extends { kind: string; repeat?: number }>(
  script: readonly S[],
): () => { step: S | undefined; index: number } {
  let cursor = 0;
  let used = 0;
  return () => {
    const index = cursor;
    const step = script[cursor];
    if (!step) return { step: undefined, index };
    used += 1;
    if (step.kind !== 'status' || used >= (step.repeat ?? Number.POSITIVE_INFINITY)) {
      cursor += 1;
      used = 0;
    }
    return { step, index };
  };
}
