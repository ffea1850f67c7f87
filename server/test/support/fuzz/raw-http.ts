/**
 * HTTP/1.1 written by hand on a socket, so a test can send what Node's own client refuses to (control characters
 * in headers, malformed framing, bodies that lie about their length) and read exactly what the server answered.
 */
import net from 'node:net';

export interface RawRequest {
  method: string;
  /** The request target as sent: already percent-encoded, or not, as the test wants. */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Content-Length to declare; the body's own length when absent. */
  declaredLength?: number;
  /** Bytes sent exactly as they are instead of the request above: for framing no client would write. */
  raw?: Buffer;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The connection was reset or closed before a whole answer came. */
  reset: boolean;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * `from` is the local address to send from: any of 127.0.0.0/8 reaches the server on Linux, and each counts as
 * an address of its own against the server's per-address rate limits.
 */
export function sendRaw(
  port: number,
  request: RawRequest,
  options: { from?: string; timeoutMs?: number } = {},
): Promise<RawResponse> {
  const { from, timeoutMs = 15_000 } = options;
  const body = request.body ?? Buffer.alloc(0);
  const lines = [`${request.method} ${request.target} HTTP/1.1`, 'host: 127.0.0.1', 'connection: close'];
  for (const [name, value] of Object.entries(request.headers)) lines.push(`${name}: ${value}`);
  if (body.length > 0 || request.declaredLength !== undefined || request.method !== 'GET')
    lines.push(`content-length: ${request.declaredLength ?? body.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');

  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (reset: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(parse(Buffer.concat(chunks), reset));
    };
    const timer = setTimeout(() => finish(true), timeoutMs);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      // An event stream stays open: its status and headers are the answer.
      const sofar = Buffer.concat(chunks);
      const end = sofar.indexOf(HEADER_END);
      if (end >= 0 && /content-type:\s*text\/event-stream/i.test(sofar.subarray(0, end).toString('latin1')))
        finish(false);
    });
    socket.on('end', () => finish(false));
    socket.on('error', () => finish(true));
    socket.write(request.raw ?? Buffer.concat([head, body]));
  });
}

function parse(raw: Buffer, reset: boolean): RawResponse {
  const end = raw.indexOf(HEADER_END);
  if (end < 0) return { status: 0, headers: {}, body: Buffer.alloc(0), reset: true };
  const [statusLine, ...headerLines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.subarray(end + HEADER_END.length);
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = unchunk(body);
  return { status: Number(statusLine.split(' ')[1]), headers, body, reset };
}

function unchunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < data.length) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
