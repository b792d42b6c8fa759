import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../helpers/server.js';

/** The visualizer page in headless Chromium, with every request off this machine blocked and recorded. */
let server: TestServer;
let browser: BrowserContext;
let page: Page;
let profile: string;
const offMachine: string[] = [];
const consoleErrors: string[] = [];

const isLocal = (url: string) => {
  const { protocol, hostname } = new URL(url);
  return protocol === 'data:' || protocol === 'about:' || hostname === '127.0.0.1' || hostname === 'localhost';
};

beforeAll(async () => {
  server = await startTestServer({ environment: 'development' });
  const token = await server.tokenFor('acme', 'katherined@acme.test');
  await call(server, 'POST', '/graph/seed', { token });
  profile = mkdtempSync(join(tmpdir(), 'constellation-chromium-'));
  // A fresh, empty profile directory (Playwright passes it as --user-data-dir).
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1280, height: 800 },
  });
  await browser.route('**/*', (route) => {
    const url = route.request().url();
    if (isLocal(url)) return route.continue();
    offMachine.push(url);
    return route.abort();
  });
  page = await browser.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.goto(`${server.url}/graph/visualizer#token=${token}`);
  // Waits use selectors: the page's CSP forbids the eval behind string-based waitForFunction.
  await page.waitForSelector('#canvas:not([data-visible-nodes="0"])');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

const visibleNodes = () => page.locator('#canvas').getAttribute('data-visible-nodes').then(Number);

describe('GET /graph/visualizer', () => {
  it('is served as one self-contained page with a strict CSP', async () => {
    const res = await fetch(`${server.url}/graph/visualizer`);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'.*connect-src 'self'/);
    const html = await res.text();
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=|https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
  });

  it('draws the seeded graph, shows live statistics and makes no request off the machine', async () => {
    const stats = (await call(server, 'GET', '/graph/stats', { token: await server.tokenFor('acme', 'katherined@acme.test') })).body.data;
    await page
      .locator('#stat-nodes')
      .filter({ hasText: new RegExp(`^${stats.total_nodes}$`) })
      .waitFor();
    expect(await page.locator('#stat-edges').textContent()).toBe(String(stats.total_edges));
    expect(await page.locator('#nodes g').count()).toBe(await visibleNodes());
    expect(await page.locator('#edges line').count()).toBeGreaterThan(0);
    await page.waitForSelector('#canvas[data-settled="true"]');
    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/graph-visualizer.png' });
    expect(offMachine).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('the entity-type filter hides and shows a type', async () => {
    const all = await visibleNodes();
    const users = await page.locator('#nodes g[data-type="user"]').count();
    expect(users).toBeGreaterThan(0);
    await page.locator('#type-filter input[data-type="user"]').uncheck();
    expect(await visibleNodes()).toBe(all - users);
    expect(await page.locator('#nodes g[data-type="user"].hidden').count()).toBe(users);
    await page.locator('#type-filter input[data-type="user"]').check();
    expect(await visibleNodes()).toBe(all);
  });

  it('selects one node on click and several with shift-click', async () => {
    const nodes = page.locator('#nodes g');
    await nodes.nth(0).dispatchEvent('click');
    expect(await page.locator('#selection').getAttribute('data-count')).toBe('1');
    await nodes.nth(1).dispatchEvent('click', { shiftKey: true });
    expect(await page.locator('#selection').getAttribute('data-count')).toBe('2');
    expect(await page.locator('#nodes g.selected').count()).toBe(2);
    expect(await page.locator('#selection .item').count()).toBe(2);
  });

  it('runs queries from the query box and shows syntax errors with their position', async () => {
    await page.locator('#query').fill('MATCH (n:user)');
    await page.locator('#run').click();
    await page.waitForSelector('#nodes g:nth-child(6):last-child');
    expect(await page.locator('#nodes g[data-type="user"]').count()).toBe(6);
    expect(await page.locator('#message').textContent()).toBe('6 nodes, 0 edges');

    await page.locator('#query').fill("MATCH (a:user)-[:AUTHORED_BY]-(b:pull_request) WHERE a.id = 'katherined@acme.test'");
    await page.locator('#run').click();
    await page.waitForSelector('#edges line');
    expect(await page.locator('#nodes g[data-type="pull_request"]').count()).toBeGreaterThan(0);

    const errorsBefore = consoleErrors.length;
    await page.locator('#query').fill('MATCH (n:user');
    await page.locator('#run').click();
    await page.waitForSelector('#message.error');
    expect(await page.locator('#message').textContent()).toBe("Expected ')' but found end of query at position 14");
    // The browser logs the refused query's 400: expected here, and taken out so that the other tests,
    // in whatever order they run, see only errors nobody expected.
    await expect.poll(() => consoleErrors.length).toBe(errorsBefore + 1);
    expect(consoleErrors.splice(errorsBefore)).toEqual([expect.stringContaining('400')]);
    expect(offMachine).toEqual([]);
  });
});
