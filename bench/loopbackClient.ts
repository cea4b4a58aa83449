import net from 'node:net';
import { once } from 'node:events';

/**
 * A GET client over one keep-alive loopback connection, in the server's own process, for the
 * list benches. It writes a request made once and reads the answer's bytes until its
 * Content-Length is in, parsing nothing else: a call costs the server's real HTTP path (Node's
 * parser, the socket, Fastify) and almost nothing of the client's own.
 *
 * Why not Fastify's inject: light-my-request's answers (its payload string above all) are
 * promoted to the old generation in bulk, so every scavenge during an injected call takes 2-6 ms
 * and old-space collections follow, where a real socket's answers die young. The p99 of
 * injected calls measured inject. A client in another process (the earlier way) took the second
 * of two cores and added its own scheduling to every call.
 */
export interface LoopbackClient {
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; body: Buffer }>;
  close(): void;
}

const HEADER_END = Buffer.from('\r\n\r\n');

export async function loopbackClient(baseUrl: string): Promise<LoopbackClient> {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect(Number(port), hostname);
  await once(socket, 'connect');
  socket.setNoDelay(true);

  let waiting: { resolve: (answer: { status: number; body: Buffer }) => void; reject: (error: Error) => void } | undefined;
  let chunks: Buffer[] = [];
  let received = 0;
  let headEnd = -1;
  let total = -1;
  let status = 0;

  socket.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    received += chunk.length;
    if (headEnd < 0) {
      const joined = chunks.length > 1 ? Buffer.concat(chunks) : chunk;
      chunks = [joined];
      headEnd = joined.indexOf(HEADER_END);
      if (headEnd < 0) return;
      const head = joined.subarray(0, headEnd).toString('latin1');
      status = Number(head.slice(9, 12));
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      if (!length) {
        waiting?.reject(new Error(`loopbackClient: an answer without Content-Length (${head.split('\r\n')[0]})`));
        return;
      }
      total = headEnd + HEADER_END.length + Number(length[1]);
    }
    if (received < total) return;
    if (received > total) waiting?.reject(new Error('loopbackClient: more bytes than the answer announced'));
    const all = chunks.length > 1 ? Buffer.concat(chunks) : chunks[0];
    const answer = { status, body: all.subarray(headEnd + HEADER_END.length) };
    const done = waiting;
    waiting = undefined;
    chunks = [];
    received = 0;
    headEnd = -1;
    total = -1;
    done?.resolve(answer);
  });
  socket.on('error', (error) => waiting?.reject(error));
  socket.on('close', () => waiting?.reject(new Error('loopbackClient: the server closed the connection')));

  const requests = new Map<string, Buffer>();
  return {
    get(path, headers = {}) {
      if (waiting) return Promise.reject(new Error('loopbackClient: one call at a time'));
      const key = `${path}\n${JSON.stringify(headers)}`;
      let request = requests.get(key);
      if (!request) {
        const lines = [`GET ${path} HTTP/1.1`, `host: ${hostname}:${port}`, 'connection: keep-alive', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
        request = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
        requests.set(key, request);
      }
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
        socket.write(request);
      });
    },
    close() {
      socket.destroy();
    },
  };
}
