import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS, workspaceOfBasic } from '../../src/sandbox/credentials.js';
import {
  atlassianRateHeaders,
  basicCredentials,
  jiraErrors,
  RateBudgets,
  workspaceAuth,
} from '../../src/sandbox/kit/index.js';
import { SANDBOX_EPOCH, startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { MINUTE, ManualClock } from '../helpers/clock.js';
import { startDemoFake, type DemoFake } from './kit-fixture.js';
import { githubFake } from '../../src/sandbox/github/index.js';
import type { FakeUpstream } from '../../src/sandbox/fake-upstream.js';

const GITHUB = [githubFake as FakeUpstream];

const basic = (workspace: 'acme' | 'globex') => {
  const { email, apiToken } = SANDBOX_CREDENTIALS[workspace].jira;
  return { authorization: `Basic ${Buffer.from(`${email}:${apiToken}`).toString('base64')}` };
};

describe('rate budgets', () => {
  it('count per workspace and resource, refuse a spent window and renew it when the window ends', () => {
    const clock = new ManualClock(SANDBOX_EPOCH);
    const budgets = new RateBudgets(
      { core: { limit: 2, windowSeconds: 60 }, search: { limit: 1, windowSeconds: 60 } },
      clock,
    );
    expect(budgets.take('acme', 'core')).toEqual({
      window: { limit: 2, used: 1, reset: SANDBOX_EPOCH / 1000 + 60 },
      exceeded: false,
    });
    expect(budgets.take('acme', 'core').exceeded).toBe(false);
    expect(budgets.take('acme', 'core')).toMatchObject({ window: { used: 2 }, exceeded: true });
    expect(budgets.take('globex', 'core').exceeded).toBe(false);
    expect(budgets.take('acme', 'search').exceeded).toBe(false);
    clock.advance(MINUTE);
    expect(budgets.take('acme', 'core')).toMatchObject({ window: { used: 1 }, exceeded: false });
  });
});

describe('Atlassian 429 over HTTP', () => {
  let fake: DemoFake;
  beforeAll(async () => {
    fake = await startDemoFake({
      errors: jiraErrors,
      budget: 2,
      rateHeaders: atlassianRateHeaders,
      auth: workspaceAuth({
        scheme: basicCredentials(),
        workspaceOf: ({ user, password }) => workspaceOfBasic('jira', user, password),
      }),
    });
  });
  afterAll(() => fake?.close());

  it('answers 429 with Retry-After and X-RateLimit-* once the workspace spent its budget, and only that workspace', async () => {
    expect((await fake.get('/whoami', basic('acme'))).status).toBe(200);
    fake.clock.advance(15_000);
    expect((await fake.get('/whoami', basic('acme'))).status).toBe(200);
    const limited = await fake.get('/whoami', basic('acme'));
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ errorMessages: ['Rate limit exceeded.'], errors: {} });
    expect(limited.headers.get('retry-after')).toBe('45');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('x-ratelimit-reset')).toBe(new Date(SANDBOX_EPOCH + MINUTE).toISOString());
    expect((await fake.get('/whoami', basic('globex'))).status).toBe(200);
    fake.clock.advance(45_000);
    expect((await fake.get('/whoami', basic('acme'))).status).toBe(200);
  });
});

describe('the GitHub fake on the kit budgets', () => {
  let sandbox: Sandbox;
  const clock = new ManualClock(SANDBOX_EPOCH);
  const search = () =>
    fetch(`${sandbox.urlOf('/github')}/search/users?q=acme`, {
      headers: { authorization: `token ${SANDBOX_CREDENTIALS.globex.github.token}` },
    });
  beforeAll(async () => {
    sandbox = await startSandbox({ clock }, GITHUB);
  });
  afterAll(() => sandbox?.close());

  it('allows 30 searches a minute, then answers 403 with x-ratelimit-remaining 0 until the window ends', async () => {
    for (let i = 1; i <= 30; i++) expect((await search()).headers.get('x-ratelimit-remaining')).toBe(String(30 - i));
    const spent = await search();
    expect(spent.status).toBe(403);
    expect(spent.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(spent.headers.get('x-ratelimit-resource')).toBe('search');
    expect(await spent.json()).toMatchObject({ message: expect.stringContaining('API rate limit exceeded') });
    const core = await fetch(`${sandbox.urlOf('/github')}/user`, {
      headers: { authorization: `token ${SANDBOX_CREDENTIALS.globex.github.token}` },
    });
    expect(core.status).toBe(200);
    clock.advance(MINUTE);
    expect((await search()).status).toBe(200);
  });

  it('with rateLimits "count" keeps counting but never refuses (a clock that stands still never renews a window)', async () => {
    const counting = await startSandbox({ clock: new ManualClock(SANDBOX_EPOCH), rateLimits: 'count' }, GITHUB);
    try {
      const statuses: number[] = [];
      let remaining: string | null = null;
      for (let i = 0; i < 32; i++) {
        const res = await fetch(`${counting.urlOf('/github')}/search/users?q=acme`, {
          headers: { authorization: `token ${SANDBOX_CREDENTIALS.acme.github.token}` },
        });
        statuses.push(res.status);
        remaining = res.headers.get('x-ratelimit-remaining');
      }
      expect(new Set(statuses)).toEqual(new Set([200]));
      expect(remaining).toBe('0');
    } finally {
      await counting.close();
    }
  });
});

describe("fault injection answers in each upstream's convention", () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({}, GITHUB);
  });
  afterAll(() => sandbox?.close());

  const hit = async (path: string) => {
    const response = await fetch(sandbox.url + path);
    return { status: response.status, body: await response.json(), retryAfter: response.headers.get('retry-after') };
  };

  it("an injected 429 carries the upstream's body and the Retry-After its 429s always have", async () => {
    sandbox.faults.add({ status: 429, times: 4 });
    expect(await hit('/notion/v1/search')).toEqual({
      status: 429,
      body: { object: 'error', status: 429, code: 'rate_limited', message: expect.any(String) },
      retryAfter: '1',
    });
    expect(await hit('/slack/api/conversations.list')).toEqual({
      status: 429,
      body: { ok: false, error: 'ratelimited' },
      retryAfter: '1',
    });
    expect(await hit('/jira/rest/api/3/search')).toMatchObject({
      status: 429,
      body: { errorMessages: ['Rate limit exceeded.'] },
      retryAfter: '1',
    });
    expect(await hit('/google/calendar/v3/users/me/calendarList')).toMatchObject({
      status: 429,
      body: { error: { code: 429, status: 'RESOURCE_EXHAUSTED' } },
    });
  });

  it("keeps the explicit Retry-After and GitHub's secondary-limit body, and expired tokens answer each upstream's own way", async () => {
    sandbox.faults.add({ prefix: '/github', status: 403, times: 1 });
    expect(await hit('/github/user')).toMatchObject({
      status: 403,
      body: { message: expect.stringContaining('secondary rate limit') },
      retryAfter: null,
    });
    sandbox.faults.add({ prefix: '/unify', status: 429, retryAfter: 7, times: 1 });
    expect(await hit('/unify/crm/contacts')).toMatchObject({
      status: 429,
      body: { type_name: 'TooManyRequestsError' },
      retryAfter: '7',
    });
    sandbox.faults.add({ expiredToken: true, times: 3 });
    expect(await hit('/github/user')).toMatchObject({ status: 401, body: { message: 'Bad credentials' } });
    expect(await hit('/slack/api/auth.test')).toEqual({
      status: 200,
      body: { ok: false, error: 'token_expired' },
      retryAfter: null,
    });
    expect(await hit('/confluence/wiki/api/v2/pages')).toEqual({
      status: 401,
      body: { statusCode: 401, message: 'Unauthorized; scope does not match' },
      retryAfter: null,
    });
    sandbox.faults.add({ status: 418, times: 1 });
    expect(await hit('/elsewhere')).toEqual({ status: 418, body: { message: 'Injected fault 418' }, retryAfter: null });
  });
});
