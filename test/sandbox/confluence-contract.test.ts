import { ConfluenceClient } from 'confluence.js';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/credentials.js';
import { confluenceFake, currentVersion, type ConfluenceState } from '../../src/sandbox/confluence/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { ConfluenceApi, recordingFetch } from '../../src/integrations/atlassian/confluence-api.js';
import { loadOpenApiContract, type OpenApiContract } from '../helpers/openapi-contract.js';

let sandbox: Sandbox;
let v1: OpenApiContract;
let v2: OpenApiContract;
const recorded: Array<{ method: string; path: string; status: number; contentType: string | null; body: unknown }> = [];

/** The wiki tools' client over the fake, every exchange recorded. */
function api(credentials: { email: string; apiToken: string } = SANDBOX_CREDENTIALS.acme.confluence): ConfluenceApi {
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const text = await response.clone().text();
    recorded.push({
      method: (init?.method ?? (input instanceof Request ? input.method : 'GET')).toLowerCase(),
      path: url.pathname.replace(/^\/confluence/, ''),
      status: response.status,
      contentType: response.headers.get('content-type'),
      body: text ? (JSON.parse(text) as unknown) : undefined,
    });
    return response;
  };
  const site = sandbox.urlOf('/confluence');
  return new ConfluenceApi(
    async () =>
      new ConfluenceClient({
        host: site,
        authentication: { basic: credentials },
        baseRequestConfig: { adapter: 'fetch', env: { fetch: recordingFetch(recording) } },
      }),
    site,
  );
}

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimits: 'enforce' }, [confluenceFake]);
  v1 = loadOpenApiContract(fileURLToPath(new URL('../contracts/atlassian-confluence-v1.json', import.meta.url)));
  v2 = loadOpenApiContract(fileURLToPath(new URL('../contracts/atlassian-confluence-v2.json', import.meta.url)));
});
afterAll(() => sandbox.close());

const state = (): ConfluenceState => sandbox.state<ConfluenceState>('/confluence', 'acme');
const failure = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (e: unknown) => e,
  );

describe('the Confluence fake against Atlassian’s OpenAPI descriptions', () => {
  it('answers every operation the wiki tools use as v1 and v2 describe it', async () => {
    const wiki = api();
    const page = [...state().pages.values()].find((p) => p.parentId !== null)!;
    await wiki.v2All('/spaces', { 'description-format': 'plain' });
    await wiki.v2('GET', '/pages', { params: { limit: 2, 'body-format': 'storage' } });
    await wiki.v2('GET', `/pages/${page.id}`, { params: { 'body-format': 'storage' } });
    await wiki.v2('GET', `/pages/${page.id}/ancestors`);
    await wiki.v2('GET', `/pages/${page.id}/footer-comments`, { params: { 'body-format': 'storage' } });
    await wiki.v2('GET', `/pages/${page.id}/attachments`);
    await wiki.v2('GET', `/pages/${page.id}/labels`);
    const created = await wiki.v2<{ id: string }>('POST', '/pages', {
      data: {
        spaceId: page.spaceId,
        status: 'current',
        title: 'Contract page',
        body: { representation: 'storage', value: '<p>x</p>' },
      },
    });
    await wiki.v2('PUT', `/pages/${created.id}`, {
      data: {
        id: created.id,
        status: 'current',
        title: 'Contract page',
        body: { representation: 'storage', value: '<p>y</p>' },
        version: { number: 2 },
      },
    });
    await wiki.v2('POST', '/footer-comments', {
      data: { pageId: created.id, body: { representation: 'storage', value: '<p>c</p>' } },
    });
    await wiki.call((sdk) =>
      sdk.contentLabels.addLabelsToContent({ id: created.id, body: [{ prefix: 'global', name: 'contract' }] }),
    );
    await wiki.call((sdk) =>
      sdk.search.searchByCQL({
        cql: 'type = page AND text ~ "runbook" ORDER BY lastmodified DESC',
        limit: 1,
        expand: ['content.space'],
      }),
    );
    await wiki.call((sdk) => sdk.search.searchUser({ cql: 'type = user', limit: 2 }));
    await wiki.call((sdk) => sdk.users.getCurrentUser({}));
    await wiki.v2('DELETE', `/pages/${created.id}`);
    const problems = recorded.flatMap((r) =>
      (r.path.startsWith('/wiki/api/v2')
        ? v2.check({ ...r, path: r.path.slice('/wiki/api/v2'.length) })
        : v1.check(r)
      ).map((p) => `${r.method} ${r.path}: ${p}`),
    );
    expect(problems).toEqual([]);
    expect(recorded.filter((r) => r.status >= 400)).toEqual([]);
  });

  it('pages v2 lists by cursor in _links.next and v1 by start and limit', async () => {
    const wiki = api();
    const first = await wiki.v2<{ results: Array<{ id: string }>; _links: { next?: string } }>('GET', '/pages', {
      params: { limit: 3 },
    });
    expect(first.results).toHaveLength(3);
    const all = await wiki.v2All<{ id: string }>('/pages', {});
    expect(all.map((p) => p.id)).toEqual(
      [...state().pages.values()].filter((p) => p.status === 'current' || p.status === 'archived').map((p) => p.id),
    );
    expect(first._links.next).toMatch(/^\/wiki\/api\/v2\/pages\?.*cursor=/);
    const last = await wiki.v2<{ _links: { next?: string } }>('GET', '/pages', { params: { limit: 250 } });
    expect(last._links.next).toBeUndefined();
    const v1Page = (await wiki.call((sdk) =>
      sdk.search.searchByCQL({ cql: 'type = page', limit: 2, start: 1 }),
    )) as unknown as {
      start: number;
      size: number;
      totalSize: number;
      _links: { next?: string };
    };
    expect(v1Page).toMatchObject({
      start: 1,
      size: 2,
      totalSize: all.length,
      _links: { next: expect.stringContaining('start=3') },
    });
  });

  it('pages v2 sorts by the orders Confluence names and refuses any other with 400', async () => {
    const wiki = api();
    const modified = await wiki.v2All<{ id: string; version: { createdAt: string } }>('/pages', {
      sort: '-modified-date',
    });
    const times = modified.map((p) => p.version.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const byTitle = await wiki.v2All<{ title: string }>('/pages', { sort: 'title' });
    expect(byTitle.map((p) => p.title)).toEqual(byTitle.map((p) => p.title).sort());
    await expect(wiki.v2('GET', '/pages', { params: { sort: 'popularity' } })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });

  it('refuses stale versions with 409, unknown CQL with 400, bad credentials with 401, and bursts with 429', async () => {
    const wiki = api();
    const page = [...state().pages.values()][1];
    const stale = await failure(
      wiki.v2('PUT', `/pages/${page.id}`, {
        data: {
          title: 'x',
          status: 'current',
          body: { representation: 'storage', value: '<p/>' },
          version: { number: 1 },
        },
      }),
    );
    expect(stale).toMatchObject({
      code: 'CONFLICT',
      message: `Version must be incremented on update. Current version is: ${currentVersion(page).number}`,
    });
    expect(
      await failure(wiki.call((sdk) => sdk.search.searchByCQL({ cql: 'favourite = currentUser()' }))),
    ).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('Could not parse cql'),
    });
    expect(await failure(wiki.call((sdk) => sdk.search.searchByCQL({ cql: 'text ~ "unterminated' })))).toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    const denied = await failure(api({ email: 'bot@acme.test', apiToken: 'wrong' }).v2('GET', '/spaces'));
    expect(denied).toMatchObject({ code: 'FORBIDDEN', upstreamStatus: 401 });
    let limited: unknown;
    for (let i = 0; i < 700 && !limited; i++)
      limited = await failure(wiki.v2('GET', '/spaces', { params: { limit: 1 } }));
    expect(limited).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
  });
});
