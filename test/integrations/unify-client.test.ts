import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnifyClient } from '../../src/integrations/apideck/client.js';
import { connectedService } from '../../src/integrations/apideck/connection.js';
import { proxyRequest } from '../../src/integrations/apideck/proxy.js';
import { googleFake } from '../../src/sandbox/google/index.js';
import { notionFake } from '../../src/sandbox/notion/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { slackFake } from '../../src/sandbox/slack/index.js';
import { unifyFake } from '../../src/sandbox/apideck/index.js';
import { AppError } from '../../src/toolkit/errors.js';
import { sandboxUnifySettings, unifyClientOf } from '../helpers/unify.js';

let sandbox: Sandbox;
let companiesList: typeof import('@apideck/unify/funcs/crmCompaniesList.js').crmCompaniesList;
let companiesCreate: typeof import('@apideck/unify/funcs/crmCompaniesCreate.js').crmCompaniesCreate;

beforeAll(async () => {
  sandbox = await startSandbox({}, [unifyFake, googleFake, slackFake, notionFake]);
  companiesList = (await import('@apideck/unify/funcs/crmCompaniesList.js')).crmCompaniesList;
  companiesCreate = (await import('@apideck/unify/funcs/crmCompaniesCreate.js')).crmCompaniesCreate;
}, 30_000);
afterAll(() => sandbox.close());

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('UnifyClient errors', () => {
  it("maps Apideck's refusals to the platform's codes", async () => {
    const acme = unifyClientOf(sandbox);
    const stranger = unifyClientOf(sandbox, { consumerId: 'initech-consumer' });
    const revoked = new UnifyClient({ ...sandboxUnifySettings(sandbox), apiKey: 'sk_revoked' }, 'acme-consumer');
    expect(await failureOf(stranger.call((core) => companiesList(core, {})))).toMatchObject({
      code: 'NOT_CONFIGURED',
      message: expect.stringContaining('POST /auth/vault-session'),
    });
    expect(await failureOf(revoked.call((core) => companiesList(core, {})))).toMatchObject({
      code: 'FORBIDDEN',
      upstreamStatus: 401,
    });
    const invalid = await failureOf(
      acme.call((core) => companiesCreate(core, { company1: { name: '', websites: [{ url: '' }] } })),
    );
    expect(invalid).toMatchObject({
      code: 'VALIDATION_ERROR',
      upstreamStatus: 422,
      details: { detail: expect.stringContaining('"websites"') },
    });
    sandbox.faults.add({ prefix: '/unify', status: 429, retryAfter: 12, times: 1 });
    expect(await failureOf(acme.call((core) => companiesList(core, {})))).toMatchObject({
      code: 'RATE_LIMITED',
      retryAfter: 12,
    });
    sandbox.faults.add({ prefix: '/unify', status: 503, times: 1 });
    expect(await failureOf(acme.call((core) => companiesList(core, {})))).toMatchObject({
      code: 'UPSTREAM_ERROR',
      upstreamStatus: 503,
    });
  });

  it('says so when Apideck cannot be reached', async () => {
    const nowhere = new UnifyClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', appId: 'a' }, 'acme-consumer');
    const failure = await failureOf(nowhere.call((core) => companiesList(core, {})));
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'UPSTREAM_ERROR', message: expect.stringContaining('Apideck') });
  });
});

describe('Proxy API calls', () => {
  it('reach the connected provider and return its answer whatever the status', async () => {
    const acme = unifyClientOf(sandbox);
    const calendars = await proxyRequest(acme, { serviceId: 'google-calendar', path: '/users/me/calendarList' });
    expect([calendars.status, (calendars.body as { kind: string }).kind]).toEqual([200, 'calendar#calendarList']);
    const missing = await proxyRequest(acme, { serviceId: 'google-calendar', path: '/calendars/nope/events' });
    expect(missing).toMatchObject({ status: 404, body: { error: { code: 404, status: 'NOT_FOUND' } } });
    const pages = await proxyRequest(acme, {
      serviceId: 'notion',
      path: '/search',
      method: 'POST',
      body: { query: 'handbook' },
    });
    expect(pages).toMatchObject({ status: 200, body: { object: 'list' } });
    const slack = await proxyRequest(unifyClientOf(sandbox, 'globex'), {
      serviceId: 'slack',
      path: '/auth.test',
      method: 'POST',
      body: {},
    });
    expect(slack.body).toMatchObject({ ok: true, team: 'Globex Industries' });
  });

  it("throws Apideck's own refusals: a consumer without the connection is NOT_CONFIGURED", async () => {
    const stranger = unifyClientOf(sandbox, { consumerId: 'umbrella-consumer' });
    expect(await failureOf(proxyRequest(stranger, { serviceId: 'slack', path: '/auth.test' }))).toMatchObject({
      code: 'NOT_CONFIGURED',
    });
  });

  it('find the service a consumer connected for a unified API', async () => {
    expect(await connectedService(unifyClientOf(sandbox, 'acme'), 'crm')).toBe('salesforce');
    expect(await connectedService(unifyClientOf(sandbox, 'globex'), 'crm')).toBe('hubspot');
    expect(await connectedService(unifyClientOf(sandbox, 'globex'), 'calendar')).toBe('google-calendar');
    expect(
      await failureOf(connectedService(unifyClientOf(sandbox, { consumerId: 'fresh-consumer' }), 'file-storage')),
    ).toMatchObject({ code: 'NOT_CONFIGURED' });
  });
});
