import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCall } from '../../src/cli/call/command.js';
import { age, loadMeta, META_TTL_MS } from '../../src/cli/call/meta-cache.js';
import type { Meta } from '../../src/cli/call/meta.js';
import { buildRequest, clientSettings, type FetchLike } from '../../src/cli/call/request.js';

const URL_A = 'http://server-a.test';
const NOW = Date.parse('2026-06-01T12:00:00Z');

const META: Meta = {
  services: [
    {
      name: 'code_host',
      methods: [
        {
          name: 'get_issues',
          description: 'List issues.',
          http_method: 'GET',
          path: '/code_host/get-issues',
          params: [
            { name: 'repo_id', type: 'str', default: null, required: false },
            { name: 'labels', type: 'json', default: null, required: false },
            { name: 'limit', type: 'int', default: null, required: false },
          ],
        },
        {
          name: 'update_issue',
          description: 'Update an issue.',
          http_method: 'PATCH',
          path: '/code_host/update-issue',
          params: [
            { name: 'issue_number', type: 'int', default: null, required: true },
            { name: 'labels', type: 'json', default: null, required: false },
            { name: 'locked', type: 'bool', default: false, required: false },
          ],
        },
      ],
    },
  ],
};
const OLD_META: Meta = { services: [{ name: 'old', methods: [] }] };

interface Seen {
  url: string;
  init?: RequestInit;
}

/** A fetch that answers the meta and echoes method calls, recording every request. */
function fakeFetch(options: { down?: boolean; status?: number } = {}): FetchLike & { seen: Seen[] } {
  const seen: Seen[] = [];
  const fn = async (url: string, init?: RequestInit) => {
    seen.push({ url, init });
    if (options.down) throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    if (url.endsWith('/v1/meta')) return new Response(JSON.stringify(META), { status: options.status ?? 200 });
    return new Response(JSON.stringify({ success: true, data: { echoed: url } }), { status: 200 });
  };
  return Object.assign(fn, { seen });
}

const tempDir = () => mkdtempSync(join(tmpdir(), 'constellation-meta-'));
const cacheFile = (dir: string) => join(dir, 'meta-cache.json');
const writeCache = (dir: string, entries: Record<string, { ageMs: number; meta: Meta }>) =>
  writeFileSync(
    cacheFile(dir),
    JSON.stringify(
      Object.fromEntries(
        Object.entries(entries).map(([url, e]) => [
          url,
          { fetched_at: new Date(NOW - e.ageMs).toISOString(), meta: e.meta },
        ]),
      ),
    ),
  );

function load(dir: string, fetch: FetchLike, force = false) {
  const warnings: string[] = [];
  const result = loadMeta({
    serverUrl: URL_A,
    dataDir: dir,
    headers: {},
    fetch,
    warn: (line) => warnings.push(line),
    now: () => NOW,
    force,
  });
  return result.then((r) => ({ ...r, warnings }));
}

describe('loadMeta', () => {
  it("fetches and caches per server URL, keeping the other servers' entries", async () => {
    const dir = tempDir();
    writeCache(dir, { 'http://server-b.test': { ageMs: 0, meta: OLD_META } });
    const fetch = fakeFetch();
    const result = await load(dir, fetch);
    expect(result).toMatchObject({ meta: META, source: 'network', warnings: [] });
    expect(fetch.seen.map((s) => s.url)).toEqual([`${URL_A}/v1/meta`]);
    const file = JSON.parse(readFileSync(cacheFile(dir), 'utf8'));
    expect(file[URL_A]).toEqual({ fetched_at: new Date(NOW).toISOString(), meta: META });
    expect(file['http://server-b.test'].meta).toEqual(OLD_META);
  });

  it('uses a cache under an hour old without a request; refetches at an hour, or when forced', async () => {
    const dir = tempDir();
    writeCache(dir, { [URL_A]: { ageMs: META_TTL_MS - 1000, meta: OLD_META } });
    const fetch = fakeFetch();
    expect(await load(dir, fetch)).toMatchObject({ meta: OLD_META, source: 'cache' });
    expect(fetch.seen).toHaveLength(0);
    expect(await load(dir, fetch, true)).toMatchObject({ meta: META, source: 'network' });

    writeCache(dir, { [URL_A]: { ageMs: META_TTL_MS, meta: OLD_META } });
    expect(await load(dir, fetch)).toMatchObject({ meta: META, source: 'network' });
    expect(fetch.seen).toHaveLength(2);
  });

  it('falls back to a stale cache with a warning when the server is down or failing', async () => {
    const dir = tempDir();
    writeCache(dir, { [URL_A]: { ageMs: 2 * META_TTL_MS, meta: OLD_META } });
    const down = await load(dir, fakeFetch({ down: true }));
    expect(down).toMatchObject({ meta: OLD_META, source: 'stale' });
    expect(down.warnings).toEqual([
      `constellation call: warning: cannot reach ${URL_A} (fetch failed: ECONNREFUSED); using the cached method list (2 hours old)`,
    ]);
    const failing = await load(dir, fakeFetch({ status: 502 }));
    expect(failing).toMatchObject({ meta: OLD_META, source: 'stale' });
    expect(failing.warnings[0]).toContain('HTTP 502');
  });

  it('fails clearly without a cache, and treats a corrupt cache file as none', async () => {
    const dir = tempDir();
    writeFileSync(cacheFile(dir), '{not json');
    await expect(load(dir, fakeFetch({ down: true }))).rejects.toThrow(
      `cannot load the method list from ${URL_A}/v1/meta: fetch failed: ECONNREFUSED`,
    );
    expect((await load(dir, fakeFetch())).source).toBe('network');
  });

  it('words ages for people', () => {
    expect(age(60_000)).toBe('1 minute');
    expect(age(3 * 3_600_000)).toBe('3 hours');
    expect(age(3 * 86_400_000)).toBe('3 days');
  });
});

describe('requests', () => {
  it('reads the settings from the environment, credentials only when set', () => {
    expect(clientSettings({}, '/home/u')).toEqual({
      serverUrl: 'http://127.0.0.1:8080',
      dataDir: '/home/u/.constellation',
      headers: {},
    });
    const settings = clientSettings(
      {
        CONSTELLATION_SERVER_URL: 'https://c.example/api/',
        CONSTELLATION_API_KEY: 'k',
        CONSTELLATION_TOKEN: 'jwt',
        CONSTELLATION_DATA_DIR: '/d',
      },
      '/home/u',
    );
    expect(settings).toEqual({
      serverUrl: 'https://c.example/api',
      dataDir: '/d',
      headers: { 'X-API-KEY': 'k', Authorization: 'Bearer jwt' },
    });
  });

  it('sends GET parameters as a query (JSON values JSON-encoded) and other methods a JSON body', () => {
    const settings = clientSettings({ CONSTELLATION_SERVER_URL: 'http://s.test', CONSTELLATION_TOKEN: 'jwt' }, '/h');
    const [getIssues, updateIssue] = META.services[0].methods;
    const get = buildRequest(settings, getIssues, { repo_id: 'acme/web', labels: ['bug', 'p 1'], limit: 3 });
    expect(get.url).toBe(
      'http://s.test/code_host/get-issues?repo_id=acme%2Fweb&labels=%5B%22bug%22%2C%22p+1%22%5D&limit=3',
    );
    expect(new URL(get.url).searchParams.get('labels')).toBe('["bug","p 1"]');
    expect(get.init).toMatchObject({ method: 'GET', headers: { Authorization: 'Bearer jwt' } });
    expect(get.init.body).toBeUndefined();
    const patch = buildRequest(settings, updateIssue, { issue_number: 4, labels: ['bug'], locked: true });
    expect(patch.url).toBe('http://s.test/code_host/update-issue');
    expect(patch.init).toMatchObject({ method: 'PATCH', headers: { 'Content-Type': 'application/json' } });
    expect(JSON.parse(String(patch.init.body))).toEqual({ issue_number: 4, labels: ['bug'], locked: true });
  });

  it('runCall sends X-API-KEY and the bearer token on every request, and never a request for a bad parameter', async () => {
    const dir = tempDir();
    const fetch = fakeFetch();
    const out: string[] = [];
    const err: string[] = [];
    const env = {
      CONSTELLATION_SERVER_URL: URL_A,
      CONSTELLATION_DATA_DIR: dir,
      CONSTELLATION_API_KEY: 'key-123',
      CONSTELLATION_TOKEN: 'jwt-456',
    };
    const io = { env, fetch, now: () => NOW, stdout: (t: string) => out.push(t), stderr: (t: string) => err.push(t) };
    expect(await runCall(['code_host', 'get-issues', '--limit', '2', '-o', 'agent'], io)).toBe(0);
    expect(fetch.seen.map((s) => s.url)).toEqual([`${URL_A}/v1/meta`, `${URL_A}/code_host/get-issues?limit=2`]);
    for (const { init } of fetch.seen)
      expect(init?.headers).toMatchObject({ 'X-API-KEY': 'key-123', Authorization: 'Bearer jwt-456' });
    expect(out.join('')).toBe(`{"echoed":"${URL_A}/code_host/get-issues?limit=2"}\n`);

    expect(await runCall(['code_host', 'update-issue', '--issue_number', 'four'], io)).toBe(2);
    expect(err.join('')).toContain('--issue_number must be an integer, got "four"');
    expect(fetch.seen).toHaveLength(2); // the meta came from the cache; no call was sent
  });

  it('without credentials configured, sends neither header', async () => {
    const fetch = fakeFetch();
    const io = {
      env: { CONSTELLATION_SERVER_URL: URL_A, CONSTELLATION_DATA_DIR: tempDir() },
      fetch,
      now: () => NOW,
      stdout: () => {},
      stderr: () => {},
    };
    expect(await runCall(['code_host', 'get-issues'], io)).toBe(0);
    for (const { init } of fetch.seen) expect(Object.keys(init?.headers ?? {})).toEqual(['Accept']);
  });
});
