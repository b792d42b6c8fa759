import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../helpers/chromium.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * The graph as an MCP App: the graph tools name the view (`_meta.ui.resourceUri`), the view is a
 * self-contained resource, and a host page embedding it as hosts do (a sandboxed iframe speaking the
 * Apps protocol over postMessage) sees the traverse result drawn. The screenshot is kept under
 * test-results/.
 */
const APP_URI = 'ui://constellation/graph-view.html';
const SCREENSHOT_DIR = join(process.cwd(), 'test-results');

let server: TestServer;
let client: Client;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer();
  const caller = server.callerFor('acme');
  // Reading repositories and pull requests fills the graph.
  for (const [name, args] of [
    ['code_host_get_repositories', {}],
    ['code_host_get_pull_requests', { repo_id: 'acme/api' }],
  ] as const) {
    const tool = server.app.registry.find(name);
    if (!tool) throw new Error(`${name} is missing`);
    await server.app.executor.execute(caller, tool, args);
  }
  // Ingestion runs after the calls return: on PostgreSQL it takes a few round trips.
  await server.app.services.graph.drain();
  client = new Client(
    { name: 'graph-app-test', version: '1' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { 'X-JWT-Token': await server.tokenFor('acme') } },
    }),
  );
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});
afterAll(async () => {
  await browser?.close();
  await client?.close();
  await server?.close();
});

/** JSON to put inside an inline script: `</script>` in a string would end the element. */
const inlineJson = (value: unknown): string => JSON.stringify(value).replace(/<\//g, '<\\/');

/**
 * A host as small as the Apps protocol allows: the view in a sandboxed iframe, `ui/initialize`
 * answered, and the tool result sent once the view says it is ready. Whatever the view asks of the
 * server (a node to expand) is refused: the test host has no server connection.
 */
function hostPage(appHtml: string, toolResult: unknown): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>host</title></head><body style="margin:0">
<iframe id="view" sandbox="allow-scripts" style="width:1000px;height:700px;border:0"></iframe>
<script>
const frame = document.getElementById('view');
const toolResult = ${inlineJson(toolResult)};
window.hostLog = [];
window.addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow) return;
  const message = event.data;
  window.hostLog.push(message.method || 'response');
  const reply = (body) => frame.contentWindow.postMessage({ jsonrpc: '2.0', id: message.id, ...body }, '*');
  if (message.method === 'ui/initialize') {
    reply({ result: { protocolVersion: message.params.protocolVersion, hostInfo: { name: 'test-host', version: '1' }, hostCapabilities: {}, hostContext: { theme: 'light' } } });
  } else if (message.method === 'ui/notifications/initialized') {
    frame.contentWindow.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/tool-result', params: toolResult }, '*');
  } else if (message.id !== undefined && message.method) {
    reply({ error: { code: -32601, message: 'This test host serves no ' + message.method } });
  }
});
frame.srcdoc = ${inlineJson(appHtml)};
</script></body></html>`;
}

describe('the graph view as an MCP App', () => {
  it('is named by the graph tools and served as a self-contained resource', async () => {
    const { tools } = await client.listTools();
    const withView = tools
      .filter((t) => (t._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri === APP_URI)
      .map((t) => t.name);
    expect(withView.sort()).toEqual(['graph_find_path', 'graph_get_entity_context', 'graph_query', 'graph_traverse']);
    const { resources } = await client.listResources();
    expect(resources).toContainEqual(expect.objectContaining({ uri: APP_URI, mimeType: 'text/html;profile=mcp-app' }));
    const read = await client.readResource({ uri: APP_URI });
    const html = (read.contents[0] as { text: string }).text;
    expect(read.contents[0].mimeType).toBe('text/html;profile=mcp-app');
    // Nothing is loaded from elsewhere (the browser test below also watches the requests).
    expect(/<script[^>]+src=|<link[^>]+href=|@import/.test(html)).toBe(false);
  });

  it('draws a traverse result in a host page, making no request of its own', async () => {
    const traverse = await client.callTool({
      name: 'graph_traverse',
      arguments: { entity_type: 'repository', entity_id: 'acme/api', depth: 2 },
    });
    const result = traverse.structuredContent as { nodes: unknown[]; edges: unknown[] };
    expect(result.nodes.length).toBeGreaterThan(3);
    const html = ((await client.readResource({ uri: APP_URI })).contents[0] as { text: string }).text;

    const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.setContent(hostPage(html, { content: traverse.content, structuredContent: traverse.structuredContent }));
    const view = page.frameLocator('#view');
    await expect
      .poll(
        async () =>
          Number(
            await view
              .locator('#canvas')
              .getAttribute('data-visible-nodes', { timeout: 1_000 })
              .catch(() => -1),
          ),
        { timeout: 15_000 },
      )
      .toBe(result.nodes.length);
    expect(Number(await view.locator('#canvas').getAttribute('data-visible-edges'))).toBe(result.edges.length);
    expect(await view.locator('#message').textContent()).toBe(
      `${result.nodes.length} nodes, ${result.edges.length} edges`,
    );
    expect(await view.locator('g[data-ref="repository:acme/api"]').count()).toBe(1);
    expect(await page.evaluate('window.hostLog.slice(0, 2)')).toEqual([
      'ui/initialize',
      'ui/notifications/initialized',
    ]);
    expect(errors).toEqual([]);
    expect(requests.filter((url) => !url.startsWith('about:') && !url.startsWith('data:'))).toEqual([]);
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'graph-app-traverse.png') });
    await page.close();
  }, 60_000);
});
