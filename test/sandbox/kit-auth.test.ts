import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SANDBOX_CREDENTIALS,
  workspaceOfApiKey,
  workspaceOfBasic,
  workspaceOfToken,
} from '../../src/sandbox/credentials.js';
import {
  apideckErrors,
  apiKeyHeaders,
  basicCredentials,
  bearerToken,
  githubErrors,
  jiraErrors,
  workspaceAuth,
} from '../../src/sandbox/kit/index.js';
import { startDemoFake, type DemoFake } from './kit-fixture.js';

const basic = (user: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
});

describe('bearer tokens (GitHub accepts "token" and "Bearer")', () => {
  let fake: DemoFake;
  beforeAll(async () => {
    fake = await startDemoFake({
      errors: githubErrors,
      auth: workspaceAuth({
        scheme: bearerToken(['token', 'bearer']),
        workspaceOf: (t) => workspaceOfToken('github', t),
      }),
    });
  });
  afterAll(() => fake?.close());

  it('resolves each workspace from its own token, under either prefix', async () => {
    expect(
      (await fake.get('/whoami', { authorization: `token ${SANDBOX_CREDENTIALS.acme.github.token}` })).body,
    ).toEqual({ workspace: 'acme' });
    expect(
      (await fake.get('/whoami', { authorization: `Bearer ${SANDBOX_CREDENTIALS.globex.github.token}` })).body,
    ).toEqual({ workspace: 'globex' });
  });

  it("answers a missing, unknown or foreign token with GitHub's 401", async () => {
    for (const headers of [
      {},
      { authorization: 'token ghp_unknown' },
      { authorization: `Bearer ${SANDBOX_CREDENTIALS.acme.slack.token}` },
      { authorization: `Basic ${SANDBOX_CREDENTIALS.acme.github.token}` },
    ] as Record<string, string>[]) {
      const res = await fake.get('/whoami', headers);
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.body).toEqual({
        message: 'Bad credentials',
        documentation_url: 'https://docs.github.com/rest',
        status: '401',
      });
    }
  });
});

describe('basic credentials (Atlassian email and API token)', () => {
  let fake: DemoFake;
  beforeAll(async () => {
    fake = await startDemoFake({
      errors: jiraErrors,
      auth: workspaceAuth({
        scheme: basicCredentials(),
        workspaceOf: ({ user, password }) => workspaceOfBasic('jira', user, password),
      }),
    });
  });
  afterAll(() => fake?.close());

  it('resolves the workspace from email and token together', async () => {
    const { email, apiToken } = SANDBOX_CREDENTIALS.globex.jira;
    expect((await fake.get('/whoami', basic(email, apiToken))).body).toEqual({ workspace: 'globex' });
  });

  it("answers a wrong pairing, a bearer token or nothing with Jira's 401", async () => {
    const { acme, globex } = SANDBOX_CREDENTIALS;
    for (const headers of [
      basic(acme.jira.email, globex.jira.apiToken),
      basic(acme.jira.email, ''),
      { authorization: `Bearer ${acme.jira.apiToken}` },
      { authorization: 'Basic %%%' },
      {},
    ] as Record<string, string>[]) {
      const res = await fake.get('/whoami', headers);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        errorMessages: ['Client must be authenticated to access this resource.'],
        errors: {},
      });
    }
  });
});

describe('API-key headers (Apideck: key, app id and consumer id)', () => {
  let fake: DemoFake;
  const scheme = apiKeyHeaders({
    apiKey: 'authorization',
    appId: 'x-apideck-app-id',
    consumerId: 'x-apideck-consumer-id',
  });
  beforeAll(async () => {
    fake = await startDemoFake({
      errors: apideckErrors,
      auth: workspaceAuth({ scheme, workspaceOf: workspaceOfApiKey }),
    });
  });
  afterAll(() => fake?.close());

  const headersOf = (key: { apiKey: string; appId: string; consumerId: string }) => ({
    authorization: `Bearer ${key.apiKey}`,
    'x-apideck-app-id': key.appId,
    'x-apideck-consumer-id': key.consumerId,
  });

  it('resolves the workspace when all three headers belong to it', async () => {
    expect((await fake.get('/whoami', headersOf(SANDBOX_CREDENTIALS.acme.unify))).body).toEqual({ workspace: 'acme' });
    expect((await fake.get('/whoami', headersOf(SANDBOX_CREDENTIALS.globex.unify))).body).toEqual({
      workspace: 'globex',
    });
  });

  it("answers a missing header or a consumer of another workspace with Apideck's 401", async () => {
    const { acme, globex } = SANDBOX_CREDENTIALS;
    const { 'x-apideck-consumer-id': _dropped, ...withoutConsumer } = headersOf(acme.unify);
    for (const headers of [withoutConsumer, headersOf({ ...acme.unify, consumerId: globex.unify.consumerId })]) {
      const res = await fake.get('/whoami', headers);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        status_code: 401,
        error: 'Unauthorized',
        type_name: 'UnauthorizedError',
        message: 'Unauthorized Request',
        ref: 'https://developers.apideck.com/errors#unauthorizederror',
      });
    }
  });
});
