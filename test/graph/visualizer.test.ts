import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphBatch } from '../../src/graph/ingest/index.js';
import { chromiumPath } from '../helpers/chromium.js';
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
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
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
    const stats = (
      await call(server, 'GET', '/graph/stats', { token: await server.tokenFor('acme', 'katherined@acme.test') })
    ).body.data;
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

    await page
      .locator('#query')
      .fill("MATCH (a:user)-[:AUTHORED_BY]-(b:pull_request) WHERE a.id = 'katherined@acme.test'");
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

/** A team's worth of generated entities: 20 repositories, 40 people and 240 pull requests (300 nodes). */
function generatedGraph(owner: string): GraphBatch {
  const batch = new GraphBatch();
  const repos = Array.from({ length: 20 }, (_, r) =>
    batch.node('repository', `${owner}/service-${r}`, { full_name: `${owner}/service-${r}`, name: `service-${r}` }),
  );
  const people = Array.from({ length: 40 }, (_, i) =>
    batch.person({ email: `dev${i}@${owner}.test`, login: `dev${i}` }, { name: `Developer ${i}` }),
  );
  for (let n = 0; n < 240; n++) {
    const pr = batch.node('pull_request', `${owner}/service-${n % 20}#${n}`, {
      number: n,
      title: `Change number ${n} to service ${n % 20}`,
    });
    batch.edge(pr, 'BELONGS_TO', repos[n % 20]);
    batch.edge(pr, 'AUTHORED_BY', people[n % 40]);
    batch.edge(pr, 'REVIEWED_BY', people[(n * 7 + 3) % 40]);
  }
  return batch;
}

describe('the visualizer on an empty tenant, then at a few hundred nodes', () => {
  let globex: Page;
  const transformScale = async () =>
    Number(/scale\(([\d.]+)\)/.exec((await globex.locator('#viewport').getAttribute('transform')) ?? '')?.[1]);

  beforeAll(async () => {
    globex = await browser.newPage();
    await globex.goto(`${server.url}/graph/visualizer#token=${await server.tokenFor('globex')}`);
  });
  afterAll(() => globex?.close());

  it('explains an empty graph and loads the sample from its button', async () => {
    await globex.locator('#empty:not(.hidden)').waitFor();
    expect(await globex.locator('#empty h2').textContent()).toBe('This graph is empty');
    await globex.locator('#load-sample').click();
    await globex.waitForSelector('#canvas:not([data-visible-nodes="0"])');
    await globex.locator('#empty.hidden').waitFor({ state: 'attached' });
    expect(Number(await globex.locator('#canvas').getAttribute('data-visible-nodes'))).toBeGreaterThan(10);
  });

  it('stays readable at 300 nodes: few labels that never overlap, wheel zoom, a selected node lists its relationships', async () => {
    await server.app.services.graph.ingest('globex', generatedGraph('globex'), 'code_host');
    await globex.reload();
    await globex.waitForSelector('#canvas[data-settled="true"]');
    await globex.locator('#query').fill('MATCH (a)-[]-(b) LIMIT 1000');
    await globex.locator('#run').click();
    await globex
      .locator('#message')
      .filter({ hasText: /^[3-9]\d\d nodes/ })
      .waitFor();
    await globex.waitForSelector('#canvas[data-settled="true"]');
    const shown = Number(await globex.locator('#canvas').getAttribute('data-visible-nodes'));
    expect(shown).toBeGreaterThanOrEqual(250);
    const labels = Number(await globex.locator('#canvas').getAttribute('data-node-labels'));
    expect(labels).toBeGreaterThan(0);
    expect(labels).toBeLessThan(shown);
    const boxes = await globex
      .locator('#nodes text:not(.label-off)')
      .evaluateAll((texts) =>
        texts.map((t) => t.getBoundingClientRect()).map((r) => [r.left, r.top, r.right, r.bottom]),
      );
    const overlapping = boxes.filter((a, i) =>
      boxes.some((b, j) => j > i && a[0] < b[2] - 1 && a[2] > b[0] + 1 && a[1] < b[3] - 1 && a[3] > b[1] + 1),
    );
    expect(overlapping).toEqual([]);

    const before = await transformScale();
    const canvas = await globex.locator('#canvas').boundingBox();
    await globex.mouse.move((canvas?.x ?? 0) + 300, (canvas?.y ?? 0) + 300);
    await globex.mouse.wheel(0, -300);
    await expect.poll(transformScale).toBeGreaterThan(before);

    const dev = globex.locator('#nodes g[data-ref="user:dev3@globex.test"]');
    await dev.dispatchEvent('click');
    const relationships = globex.locator('#selection .relationships li');
    expect(await relationships.count()).toBeGreaterThanOrEqual(6);
    expect(await relationships.first().locator('.edge-type').textContent()).toMatch(/^← (authored by|reviewed by)$/);
    expect(Number(await globex.locator('#canvas').getAttribute('data-edge-labels'))).toBeGreaterThan(0);
    expect(await globex.locator('#nodes g.dim').count()).toBeGreaterThan(200);

    await globex.locator('#focus-neighbourhood').click();
    await expect.poll(transformScale).toBeGreaterThan(before);
    await globex.screenshot({ path: '/tmp/graph-300.png' });
    await relationships.first().locator('button').click();
    expect(await globex.locator('#nodes g.selected').getAttribute('data-type')).toBe('pull_request');
    expect(consoleErrors).toEqual([]);
  });
});

describe('the browser tests find Chromium through configuration', () => {
  it('CHROMIUM_PATH wins, and a wrong one is named', () => {
    const found = chromiumPath({});
    expect(chromiumPath({ CHROMIUM_PATH: found })).toBe(found);
    expect(() => chromiumPath({ CHROMIUM_PATH: '/nonexistent/chromium' })).toThrow(
      'CHROMIUM_PATH is /nonexistent/chromium, which does not exist',
    );
  });
});
