import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Idle keep-alive connections stay open longer than a load balancer's idle timeout: a client that
 * pauses between two calls reuses its connection and gets both answers, instead of writing to a
 * socket the server has closed ("other side closed").
 */
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  socket: Socket;
}

function get(url: string, agent: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, socket: req.socket as Socket }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('keep-alive', () => {
  it('a client that waits 10 s between two calls gets both answers on the same connection', async () => {
    server = await startTestServer({ sandbox: false });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await get(`${server.url}/health`, agent);
      expect(first.status).toBe(200);
      expect(first.headers['keep-alive']).toBe('timeout=65');
      // The wait is the point: longer than Node's default idle timeout (5 s), shorter than ours.
      await sleep(10_000);
      const second = await get(`${server.url}/health`, agent);
      expect(second.status).toBe(200);
      expect(second.socket).toBe(first.socket);

      // Shutdown does not wait for the idle timeout: the idle connection is closed at once.
      const closed = new Promise<void>((resolve) => second.socket.once('close', () => resolve()));
      await server.close();
      server = undefined;
      await closed;
    } finally {
      agent.destroy();
    }
  }, 30_000);

  it('the idle timeout comes from CONSTELLATION_KEEP_ALIVE_TIMEOUT and is announced to clients', async () => {
    server = await startTestServer({ sandbox: false, config: { keepAliveTimeoutSeconds: 7 } });
    const agent = new Agent({ keepAlive: true });
    try {
      const answer = await get(`${server.url}/health`, agent);
      expect(answer.headers['keep-alive']).toBe('timeout=7');
    } finally {
      agent.destroy();
    }
  });

  it('CONSTELLATION_KEEP_ALIVE_TIMEOUT defaults to 65 s and refuses 0, naming the variable', () => {
    expect(loadConfig({}).keepAliveTimeoutSeconds).toBe(65);
    expect(loadConfig({ CONSTELLATION_KEEP_ALIVE_TIMEOUT: '120' }).keepAliveTimeoutSeconds).toBe(120);
    expect(() => loadConfig({ CONSTELLATION_KEEP_ALIVE_TIMEOUT: '0' })).toThrow(
      'CONSTELLATION_KEEP_ALIVE_TIMEOUT must be at least 1 second',
    );
    expect(() => loadConfig({ CONSTELLATION_KEEP_ALIVE_TIMEOUT: 'long' })).toThrow(
      'CONSTELLATION_KEEP_ALIVE_TIMEOUT must be a non-negative integer',
    );
  });
});
