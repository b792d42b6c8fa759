import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ClientCache } from '../../src/integrations/client-cache.js';
import { jwtCredentials } from '../../src/integrations/credentials.js';
import { upstreamErrorMapper } from '../../src/integrations/errors.js';
import { integrationsOf } from '../../src/catalog/manifest.js';
import { loadDemos, type LoadedDemo } from '../../src/demo/environment.js';
import { conventionOf } from '../../src/sandbox/kit/conventions.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { silentLogger } from '../../src/config/logger.js';
import { systemClock, type Caller } from '../../src/toolkit/context.js';
import { AppError, toAppError } from '../../src/toolkit/errors.js';
import { POLICIES, setRetryDelayScale, withCallScope, type RetryPolicy } from '../../src/toolkit/retry.js';
import { MANIFESTS } from '../../tools/index.js';

/**
 * The one contract every integration meets, run against its real SDK client and its fake: a GET is
 * retried after a 502, a POST is never sent twice, a 429 maps to RATE_LIMITED with its Retry-After, and
 * 401 / 404 map to FORBIDDEN / NOT_FOUND. A new integration with a demo part is covered by this file
 * without an edit.
 */
const integrations = integrationsOf(MANIFESTS);
const demos = await loadDemos(integrations);
let sandbox: Sandbox;
const mapError = upstreamErrorMapper(integrations);
/** Refreshes a per-user client asked for after a 401. */
const refreshes: boolean[] = [];

beforeAll(async () => {
  setRetryDelayScale(0);
  sandbox = await startSandbox(
    {},
    demos.map((d) => d.demo.fake),
  );
});
afterAll(() => sandbox.close());
afterEach(() => {
  sandbox.faults.clear();
  sandbox.faults.clearLog();
});

async function clientOf({ integration, demo }: LoadedDemo): Promise<unknown> {
  const credentials = demo.credentials('acme', sandbox.urlOf(demo.fake.prefix));
  const caller: Caller = {
    tenantId: 'acme',
    userEmail: 'probe@acme.test',
    connections: { [integration.connectionKeys[0] ?? integration.id]: credentials },
  };
  // An integration whose credentials are not the caller's (the platform's unified API) reads them from its own source.
  const sources = integration.sources.includes('jwt')
    ? [jwtCredentials]
    : [{ id: integration.sources[0], read: async () => credentials }];
  if (!demo.consentAhead)
    return new ClientCache(integrations, sources, systemClock, silentLogger).get(caller, integration.id as never);
  // A per-user integration acts with a person's consent given ahead in its fake.
  const grant = {
    ...demo.consentAhead(sandbox.state(demo.fake.prefix, 'acme'), 0, systemClock.now()),
    accountEmail: 'probe@acme.test',
  };
  const authority = {
    tokens: (_owner: unknown, options?: { afterUnauthorized?: boolean }) => {
      if (options?.afterUnauthorized) refreshes.push(true);
      return Promise.resolve(grant);
    },
    authorizationRequired: () => new Error('not authorized'),
    grantGeneration: () => '0',
  };
  const cache = new ClientCache(
    integrations,
    [{ id: 'vault', read: async () => credentials }],
    systemClock,
    silentLogger,
    {
      userAuthorities: new Map([[integration.id, authority]]),
    },
  );
  return cache.get(caller, integration.id as never);
}

async function attempt(policy: RetryPolicy, send: () => Promise<unknown>): Promise<AppError | undefined> {
  try {
    await withCallScope({ policy, signal: new AbortController().signal }, send);
    return undefined;
  } catch (error) {
    return toAppError(error, mapError);
  }
}

/** The status a fake answers an expired token with, by its upstream's convention. */
const expiredStatusOf = (path: string): number => {
  const convention = conventionOf(path);
  return convention ? convention.errors.render(convention.errors.expired).status : 401;
};

it('every integration that has a fake is under contract', () => {
  expect(demos.map((d) => d.integration.id)).toEqual(integrations.filter((i) => i.demo).map((i) => i.id));
  expect(demos.length).toBeGreaterThan(0);
});

describe.each(demos.map((d) => [d.integration.id, d] as const))('%s', (_id, loaded) => {
  const { prefix } = loaded.demo.fake;
  const { read, create } = loaded.demo.probes;
  const statuses = (method: string, path: string) =>
    sandbox.faults.log.filter((r) => r.method === method && r.path === prefix + path).map((r) => r.status);
  // Slack says a token expired on HTTP 200 (`{ok: false, error: token_expired}`), the others with a 401.
  const expired = expiredStatusOf(prefix + read.path);

  it('retries a GET after a 502', async () => {
    sandbox.faults.add({ prefix, method: 'GET', path: read.path, status: 502, times: 1 });
    expect(await attempt(POLICIES.read, async () => read.send(await clientOf(loaded)))).toBeUndefined();
    expect(statuses('GET', read.path)).toEqual([502, 200]);
  });

  it('never sends a POST twice', async () => {
    sandbox.faults.add({ prefix, method: 'POST', path: create.path, status: 502, times: 1 });
    const error = await attempt(POLICIES.actionOnce, async () => create.send(await clientOf(loaded)));
    expect(error).toMatchObject({ code: 'UPSTREAM_ERROR', status: 502 });
    expect(statuses('POST', create.path)).toEqual([502]);
  });

  it('maps a 429 to RATE_LIMITED with Retry-After (too long to wait: not retried)', async () => {
    sandbox.faults.add({ prefix, method: 'GET', path: read.path, status: 429, retryAfter: 120 });
    const error = await attempt(POLICIES.read, async () => read.send(await clientOf(loaded)));
    expect(error).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 120, status: 429 });
    expect(statuses('GET', read.path)).toEqual([429]);
  });

  it('maps 401 to FORBIDDEN and 404 to NOT_FOUND, without retrying them', async () => {
    sandbox.faults.add({
      prefix,
      method: 'GET',
      path: read.path,
      expiredToken: true,
      times: loaded.demo.consentAhead ? 2 : 1,
    });
    expect(await attempt(POLICIES.read, async () => read.send(await clientOf(loaded)))).toMatchObject({
      code: 'FORBIDDEN',
      status: 403,
    });
    sandbox.faults.add({ prefix, method: 'GET', path: read.path, status: 404, times: 1 });
    expect(await attempt(POLICIES.read, async () => read.send(await clientOf(loaded)))).toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
    });
    expect(statuses('GET', read.path)).toEqual(loaded.demo.consentAhead ? [expired, expired, 404] : [expired, 404]);
  });
});

/** Integrations that act for each user meet one more clause: a refused token is refreshed once, then sent again. */
const perUser = demos.filter((d) => d.demo.consentAhead);
describe.each(perUser.map((d) => [d.integration.id, d] as const))('%s (per user)', (_id, loaded) => {
  const { prefix } = loaded.demo.fake;
  const { read } = loaded.demo.probes;
  const statuses = (method: string, path: string) =>
    sandbox.faults.log.filter((r) => r.method === method && r.path === prefix + path).map((r) => r.status);
  const expired = expiredStatusOf(prefix + read.path);

  it('answers a 401 by refreshing the user’s token once and sending again', async () => {
    sandbox.faults.add({ prefix, method: 'GET', path: read.path, expiredToken: true, times: 1 });
    refreshes.length = 0;
    expect(await attempt(POLICIES.read, async () => read.send(await clientOf(loaded)))).toBeUndefined();
    expect(statuses('GET', read.path)).toEqual([expired, 200]);
    expect(refreshes).toEqual([true]);
  });
});
