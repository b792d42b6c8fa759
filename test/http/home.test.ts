import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

let demo: TestServer;
let plain: TestServer;
beforeAll(async () => {
  [demo, plain] = await Promise.all([startTestServer(), startTestServer({ sandbox: false })]);
});
afterAll(async () => Promise.all([demo?.close(), plain?.close()]));

async function home(server: TestServer): Promise<{ response: Response; html: string; hrefs: string[] }> {
  const response = await fetch(`${server.url}/`);
  const html = await response.text();
  return { response, html, hrefs: [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]) };
}

describe('GET / start page', () => {
  it('is a small HTML page with no external assets, linking the graph page, OpenAPI, health and the README', async () => {
    const { response, html, hrefs } = await home(demo);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(html).not.toMatch(/<script|<link|<img|src=/);
    expect(hrefs).toEqual([
      '/demo',
      '/graph/visualizer',
      '/openapi.json',
      '/health',
      'https://github.com/constellation-mcp/constellation#readme',
    ]);
  });

  it('every local link it shows answers 200', async () => {
    const { hrefs } = await home(demo);
    for (const href of hrefs.filter((h) => h.startsWith('/'))) {
      const response = await fetch(`${demo.url}${href}`);
      expect({ href, status: response.status }).toEqual({ href, status: 200 });
    }
  });

  it('links the demo tokens only in demo mode', async () => {
    const { hrefs } = await home(plain);
    expect(hrefs).not.toContain('/demo');
    expect(hrefs).toContain('/openapi.json');
  });
});
