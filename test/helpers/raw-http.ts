import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  /** 0 when the server closed the connection without an answer. */
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Splits the bytes a server wrote into status, headers and body (one answer, no chunked framing expected). */
export function parseAnswer(raw: string): RawAnswer {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return { status: 0, headers: {}, body: raw };
  const [statusLine, ...lines] = raw.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: raw.slice(end + 4) };
}

/** A socket to the server at `url`, opened. */
export function openSocket(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server writes until it has sent one whole answer (by Content-Length) or closed the connection. */
export function answerOn(socket: Socket): Promise<RawAnswer> {
  return new Promise((resolve) => {
    let raw = '';
    const done = () => {
      socket.off('data', onData);
      resolve(parseAnswer(raw));
    };
    const onData = (data: Buffer) => {
      raw += data.toString('utf8');
      const answer = parseAnswer(raw);
      const length = Number(answer.headers['content-length']);
      if (answer.status && Number.isFinite(length) && Buffer.byteLength(answer.body) >= length) done();
    };
    socket.on('data', onData);
    socket.once('close', done);
    socket.on('error', () => undefined);
  });
}

/** The head of a request as bytes: request line, Host, the given headers. */
export function requestHead(
  method: string,
  path: string,
  url: string,
  headers: Record<string, string | number>,
): string {
  const lines = [
    `${method} ${path} HTTP/1.1`,
    `Host: ${new URL(url).host}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return lines.join('\r\n') + '\r\n\r\n';
}

/**
 * Sends exactly these bytes (a head and a body that may lie about its length, be cut off or never end)
 * and reads the answer. `then`: 'end' half-closes the connection after the bytes (the body is cut off
 * there), 'wait' keeps it open and sends nothing more.
 */
export async function sendRaw(url: string, bytes: string | Buffer, then: 'end' | 'wait' = 'end'): Promise<RawAnswer> {
  const socket = await openSocket(url);
  const answer = answerOn(socket);
  socket.write(bytes);
  if (then === 'end') socket.end();
  const result = await answer;
  socket.destroy();
  return result;
}
