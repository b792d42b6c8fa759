import { afterEach, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../helpers/server.js';
import { answerOn, openSocket, requestHead, sendRaw } from '../helpers/raw-http.js';
import { useDocumentsServer, upload } from './files.js';

// What a client can send to POST /documents/upload that is not a well-formed form: each answers with a
// clear error for that request alone, stores nothing, and the server goes on answering everyone.

const LIMIT = 64 * 1024;
const docs = useDocumentsServer(LIMIT);

/** After each bad body: the server answers, and the tenant still has no documents. */
afterEach(async () => {
  expect((await call(docs.server, 'GET', '/health')).status).toBe(200);
  expect((await docs.api.list()).body).toMatchObject({ documents: [], total: 0 });
});

const BOUNDARY = 'zz';
const part = (name: string, value: string, filename?: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\n` +
  (filename === undefined ? '' : 'Content-Type: text/plain\r\n') +
  `\r\n${value}\r\n`;
const closing = `--${BOUNDARY}--\r\n`;

/** The request head of an upload whose body is `length` bytes long (which the body may not keep to). */
const head = (length: number, to: { server: TestServer; token: string } = docs) =>
  requestHead('POST', '/documents/upload', to.server.url, {
    'X-JWT-Token': to.token,
    'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
    'Content-Length': length,
  });
const uploadRaw = (
  body: string,
  then: 'end' | 'wait' = 'wait',
  length = Buffer.byteLength(body),
  to: { server: TestServer; token: string } = docs,
) => sendRaw(to.server.url, head(length, to) + body, then);

describe('a multipart body cut off or malformed', () => {
  it('answers 400 to the body the audit sent (a file part with no closing boundary), and the docs.server stays up', async () => {
    const body = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nunterminated`;
    const answer = await uploadRaw(body);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).detail).toMatch(/^Malformed multipart body: Unexpected end of form/);
  });

  it('answers 400 when the form never reaches its closing boundary after a whole part', async () => {
    const answer = await uploadRaw(part('file', 'text that is whole', 'a.txt'));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).detail).toMatch(/Malformed multipart body/);
  });

  it('drops a body shorter than its Content-Length whose client stops sending (the request is abandoned)', async () => {
    const body = part('file', 'half of the file', 'a.txt');
    const answer = await uploadRaw(body, 'end', Buffer.byteLength(body) + 4096);
    // Whether the abandoned request is answered (400) or only closed depends on when the docs.server sees the half-close.
    expect([0, 400]).toContain(answer.status);
  });

  it('gives up a body that stops arriving (408) and closes that connection', async () => {
    const server = await startTestServer({
      config: { rateLimitPerMinute: 0 },
      env: { CONSTELLATION_DOCUMENTS_UPLOAD_IDLE_SECONDS: '0.2' },
    });
    try {
      const body = part('file', 'the rest never comes', 'a.txt');
      const to = { server, token: await server.tokenFor('acme') };
      const answer = await uploadRaw(body, 'wait', Buffer.byteLength(body) + 4096, to);
      expect(answer.status).toBe(408);
      expect(answer.headers.connection).toBe('close');
      expect(JSON.parse(answer.body).detail).toMatch(/sent nothing for 0.2 s/);
    } finally {
      await server.close();
    }
  });

  it('stores nothing when the client disconnects mid-file', async () => {
    const socket = await openSocket(docs.server.url);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write(
      head(100_000) +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\n` +
        'x'.repeat(10_000),
    );
    socket.destroy();
    await closed;
    // The next request of the same tenant is served after the docs.server has seen the disconnect.
  });

  it('refuses a body that is not multipart at all, naming what is expected', async () => {
    const res = await call(docs.server, 'POST', '/documents/upload', { token: docs.token, body: { file: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/multipart\/form-data body with a "file" part/);
  });
});

describe('the form’s parts', () => {
  it('refuses a form without a file part, naming the field', async () => {
    const answer = await uploadRaw(part('project_id', 'p1') + closing);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).detail).toBe(
      'file is required: send the document as a form part named "file" with a filename',
    );
  });

  it('refuses a file sent under another field name, naming the spec’s field', async () => {
    const answer = await uploadRaw(part('document', 'some text', 'a.txt') + closing);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).detail).toBe(
      'Unexpected file field "document": send the document in the field named "file"',
    );
  });

  it('refuses a second file rather than keeping one of the two', async () => {
    const answer = await uploadRaw(part('file', 'first', 'a.txt') + part('file', 'second', 'b.txt') + closing);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).detail).toBe('Only one file per upload: send a single "file" part');
  });

  it('refuses a file past the size limit with 413, and the next upload on a new connection works', async () => {
    const res = await upload(docs.server, docs.token, 'big.txt', 'x'.repeat(LIMIT + 1));
    expect(res.status).toBe(413);
    expect(res.body.detail).toBe(`File too large: the limit is ${LIMIT} bytes`);
  });

  it('still takes a well-formed form with its fields', async () => {
    const answer = await uploadRaw(
      part('project_id', 'p1') +
        part('tags', 'a, b') +
        part('file', 'Platform roadmap for the next quarter.', 'plan.txt') +
        closing,
    );
    expect(answer.status, answer.body).toBe(200);
    const stored = JSON.parse(answer.body) as { document_id: string; chunk_count: number };
    expect(stored.chunk_count).toBe(1);
    expect((await docs.api.get(stored.document_id)).body.metadata).toMatchObject({
      project_id: 'p1',
      tags: ['a', 'b'],
    });
    expect((await docs.api.delete(stored.document_id)).status).toBe(200);
  });
});

describe('a file that cannot be read is the caller’s fault: 422 with the spec’s detail', () => {
  it.each([
    ['an empty text file', 'empty.txt', '', 'Failed to process document: the file is empty'],
    ['a text file named as a workbook', 'notes.xlsx', 'plain words, not a workbook', /^Failed to process document: /],
    [
      'a text file named as a PDF',
      'notes.pdf',
      'plain words, not a PDF',
      'Failed to process document: the file is not a PDF',
    ],
  ])('%s', async (_what, filename, content, detail) => {
    const res = await upload(docs.server, docs.token, filename, content);
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual(typeof detail === 'string' ? detail : expect.stringMatching(detail));
  });
});

describe('one connection after a refused upload', () => {
  it('answers the next request on a kept-alive connection after a bad form', async () => {
    const socket = await openSocket(docs.server.url);
    const body = part('document', 'x', 'a.txt') + closing;
    let answer = answerOn(socket);
    socket.write(head(Buffer.byteLength(body)) + body);
    expect((await answer).status).toBe(400);
    answer = answerOn(socket);
    socket.write(requestHead('GET', '/health', docs.server.url, {}));
    expect((await answer).status).toBe(200);
    socket.destroy();
  });
});
