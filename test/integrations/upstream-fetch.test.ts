import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { classifyByStatus } from '../../src/integrations/http-status.js';
import { createUpstreamFetch } from '../../src/integrations/upstream-fetch.js';
import { AppError } from '../../src/toolkit/errors.js';
import { POLICIES, setRetryDelayScale, withCallScope, type RetryPolicy } from '../../src/toolkit/retry.js';

/** The retry layer alone, against a real HTTP server answering a scripted sequence of statuses. */
let server: Server;
let url: string;
let script: Array<{ status: number; headers?: Record<string, string> }> = [];
let received: string[] = [];
beforeAll(async () => {
  setRetryDelayScale(0);
  server = createServer((req, res) => {
    received.push(req.method ?? '');
    const next = script.shift() ?? { status: 200 };
    res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/thing`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  script = [];
  received = [];
});

const upstreamFetch = createUpstreamFetch({ title: 'Test', classifyResponse: classifyByStatus('Test') });
const inCall = (policy: RetryPolicy, fn: () => Promise<Response>) =>
  withCallScope({ policy, signal: new AbortController().signal }, fn);

describe('createUpstreamFetch', () => {
  it('waits out a short Retry-After on a safe request, then hands the SDK the answer', async () => {
    script = [{ status: 429, headers: { 'retry-after': '1' } }, { status: 503 }];
    const response = await inCall(POLICIES.read, () => upstreamFetch(url));
    expect(response.status).toBe(200);
    expect(received).toEqual(['GET', 'GET', 'GET']);
  });

  it('hands back the last failure once the budget is spent, and never retries a 4xx', async () => {
    script = [{ status: 502 }, { status: 502 }, { status: 502 }, { status: 502 }];
    expect((await inCall(POLICIES.read, () => upstreamFetch(url))).status).toBe(502);
    expect(received).toHaveLength(1 + POLICIES.read.safeRetries);
    received = [];
    script = [{ status: 422 }];
    expect((await inCall(POLICIES.actionIdempotent, () => upstreamFetch(url, { method: 'PATCH' }))).status).toBe(422);
    expect(received).toEqual(['PATCH']);
  });

  it('retries an idempotent PATCH, never a POST, and sends once outside a tool call', async () => {
    script = [{ status: 502 }];
    expect(
      (await inCall(POLICIES.actionIdempotent, () => upstreamFetch(url, { method: 'PATCH', body: '{"a":1}' }))).status,
    ).toBe(200);
    script = [{ status: 502 }];
    expect((await inCall(POLICIES.actionOnce, () => upstreamFetch(url, { method: 'POST', body: '{}' }))).status).toBe(
      502,
    );
    script = [{ status: 502 }];
    expect((await upstreamFetch(url)).status).toBe(502);
    expect(received).toEqual(['PATCH', 'PATCH', 'POST', 'GET']);
  });

  it('names an unreachable upstream as UPSTREAM_ERROR after retrying a safe request', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const failure = await inCall(POLICIES.read, () => upstreamFetch(`http://127.0.0.1:${port}/`)).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'UPSTREAM_ERROR', message: expect.stringContaining('Test is unreachable') });
  });

  it('gives up at the call deadline with UPSTREAM_TIMEOUT', async () => {
    const controller = new AbortController();
    const deadline = new AppError('UPSTREAM_TIMEOUT', 'the call ran out of time');
    controller.abort(deadline);
    const failure = await withCallScope({ policy: POLICIES.read, signal: controller.signal }, () =>
      upstreamFetch(url),
    ).catch((error: unknown) => error);
    expect(failure).toBe(deadline);
  });
});
