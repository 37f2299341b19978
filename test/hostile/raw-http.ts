// HTTP/1.1 over a bare socket, for requests that fetch and node:http would refuse to send or would
// repair on the way (bad framing, raw bytes in headers, duplicated headers, half-closed bodies). It
// reads answers as they come and reports how the connection ended, so a test can tell an answered
// request from a dropped one.
import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  /** Header names in lower case; a repeated header keeps every value. */
  headers: Record<string, string[]>;
  body: Buffer;
  /** 1xx answers (100 Continue) that came before this one. */
  interim: number[];
}

/** What came back for one request: a response, the server closing without one, or silence. */
export type Outcome = RawResponse | 'closed' | 'timeout';

export const header = (res: RawResponse, name: string): string | undefined => res.headers[name]?.join(', ');

export class RawConnection {
  private buffer: Buffer = Buffer.alloc(0);
  private ended = false;
  private wake: (() => void) | undefined;
  readonly closed: Promise<void>;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      this.wake?.();
    });
    this.closed = new Promise((resolve) => socket.once('close', () => {
      this.ended = true;
      this.wake?.();
      resolve();
    }));
    // A reset after the server answered and closed is an ending like any other here.
    socket.on('error', () => {});
  }

  static open(port: number, host = '127.0.0.1'): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, host);
      socket.setNoDelay(true);
      socket.once('connect', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  get isClosed(): boolean {
    return this.ended;
  }

  write(bytes: string | Buffer): void {
    if (!this.socket.destroyed) this.socket.write(bytes);
  }

  /** Half-closes: the server sees the end of the request stream but can still answer. */
  end(): void {
    if (!this.socket.destroyed) this.socket.end();
  }

  destroy(): void {
    this.socket.destroy();
  }

  /** The next complete response (a HEAD request's has no body), or how the wait ended. */
  async response(method = 'GET', timeoutMs = 5000): Promise<Outcome> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const parsed = parseResponse(this.buffer, method, this.ended);
      if (parsed) {
        this.buffer = this.buffer.subarray(parsed.length);
        return parsed.response;
      }
      if (this.ended) return 'closed';
      const left = deadline - Date.now();
      if (left <= 0) return 'timeout';
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => { clearTimeout(timer); resolve(); };
      });
      this.wake = undefined;
    }
  }
}

/** One request on its own connection: write, optionally half-close, read one answer, close. */
export async function exchange(port: number, bytes: string | Buffer, options: { method?: string; halfClose?: boolean; timeoutMs?: number } = {}): Promise<Outcome> {
  const connection = await RawConnection.open(port);
  try {
    connection.write(bytes);
    if (options.halfClose) connection.end();
    return await connection.response(options.method ?? 'GET', options.timeoutMs);
  } finally {
    connection.destroy();
  }
}

const HEAD_END = Buffer.from('\r\n\r\n');

/** A complete response at the start of `bytes`, with the number of bytes it took; undefined if not yet. */
export function parseResponse(bytes: Buffer, method: string, streamEnded: boolean): { response: RawResponse; length: number } | undefined {
  const interim: number[] = [];
  let offset = 0;
  for (;;) {
    const headEnd = bytes.indexOf(HEAD_END, offset);
    if (headEnd === -1) return undefined;
    const lines = bytes.subarray(offset, headEnd).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1]);
    if (!Number.isInteger(status)) throw new Error(`not an HTTP response: ${JSON.stringify(lines[0])}`);
    const headers: Record<string, string[]> = {};
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      (headers[line.slice(0, colon).trim().toLowerCase()] ??= []).push(line.slice(colon + 1).trim());
    }
    let start = headEnd + HEAD_END.length;
    if (status >= 100 && status < 200) {
      interim.push(status);
      offset = start;
      continue;
    }
    const done = (end: number, body: Buffer) => ({ response: { status, headers, body, interim }, length: end });
    if (method === 'HEAD' || status === 204 || status === 304) return done(start, Buffer.alloc(0));
    if (headers['transfer-encoding']?.some((v) => /chunked/i.test(v))) {
      const parts: Buffer[] = [];
      for (;;) {
        const lineEnd = bytes.indexOf('\r\n', start);
        if (lineEnd === -1) return undefined;
        const size = parseInt(bytes.subarray(start, lineEnd).toString('latin1'), 16);
        if (Number.isNaN(size)) throw new Error('bad chunk size in a response');
        const dataStart = lineEnd + 2;
        if (bytes.length < dataStart + size + 2) return undefined;
        if (size === 0) return done(dataStart + 2, Buffer.concat(parts));
        parts.push(bytes.subarray(dataStart, dataStart + size));
        start = dataStart + size + 2;
      }
    }
    const length = headers['content-length'];
    if (length) {
      const end = start + Number(length[0]);
      return bytes.length < end ? undefined : done(end, bytes.subarray(start, end));
    }
    // No length given: the body runs to the end of the connection.
    return streamEnded ? done(bytes.length, bytes.subarray(start)) : undefined;
  }
}

/** Request bytes: a request line, headers in the order given (repeats allowed), and a body. */
export function rawRequestBytes(method: string, target: string | Buffer, headers: [string, string | Buffer][], body?: Buffer): Buffer {
  const bytes = (value: string | Buffer) => (typeof value === 'string' ? Buffer.from(value) : value);
  const parts: Buffer[] = [Buffer.from(`${method} `), bytes(target), Buffer.from(' HTTP/1.1\r\n')];
  for (const [name, value] of headers) parts.push(Buffer.from(`${name}: `), bytes(value), Buffer.from('\r\n'));
  parts.push(Buffer.from('\r\n'));
  if (body) parts.push(body);
  return Buffer.concat(parts);
}
