import { expect } from 'vitest';
import { createApp, type App } from '../../src/app.js';
import { OAuthFlow, SqlitePendingAuthorizations, StateTokens, type OAuthProvider } from '../../src/auth/oauth/index.js';
import { loadConfig } from '../../src/config/config.js';
import { silentLogger } from '../../src/config/logger.js';
import { tenantGate } from '../../src/store/tenant-gate.js';
import type { ManualClock } from './clock.js';
import { formsOf } from './html-forms.js';
import { TEST_API_KEY, TEST_JWT_SECRET } from './server.js';

export const CALLBACK = 'http://127.0.0.1:1/oauth/test/callback';

/** A fresh app (in-memory store, tenants acme and globex) and one OAuth flow over the given provider. */
export async function oauthHarness(
  clock: ManualClock,
  provider: OAuthProvider,
): Promise<{ app: App; flow: OAuthFlow }> {
  const env = {
    CONSTELLATION_ENV: 'test',
    CONSTELLATION_API_KEY: TEST_API_KEY,
    CONSTELLATION_JWT_SECRET: TEST_JWT_SECRET,
  };
  const app = await createApp(loadConfig(env, { databaseFile: ':memory:', demo: false, logLevel: 'error' }), {
    clock,
    log: silentLogger,
  });
  for (const id of ['acme', 'globex']) await app.tenants.ensure({ id, consumerId: `${id}-consumer` });
  const flow = new OAuthFlow({
    provider,
    vault: app.vault,
    pending: new SqlitePendingAuthorizations(app.db, tenantGate(app.db)),
    states: new StateTokens(TEST_JWT_SECRET, () => clock.now()),
    clock,
    log: silentLogger,
    redirectUri: () => CALLBACK,
    authorizeLink: (owner) =>
      `http://127.0.0.1:1/oauth/test/authorize?tenant_id=${owner.tenantId}&user_email=${encodeURIComponent(owner.userEmail)}`,
  });
  return { app, flow };
}

/** The provider's consent page, answered as a browser would: approve as an account, or cancel. */
export async function consent(authorizeUrl: string, choice: { account: string } | 'deny'): Promise<URL> {
  const page = await fetch(authorizeUrl);
  expect(page.status).toBe(200);
  const forms = formsOf(await page.text());
  const form =
    choice === 'deny' ? forms.find((f) => f.fields.deny) : forms.find((f) => f.fields.account === choice.account);
  if (!form) throw new Error(`no consent form for ${JSON.stringify(choice)}`);
  const answer = await fetch(new URL(form.action, authorizeUrl), {
    method: 'POST',
    body: new URLSearchParams(form.fields),
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location') ?? '');
}

/** The callback's query handed to the flow, as the callback route would. */
export const completeWith = (flow: OAuthFlow, callback: URL) =>
  flow.complete({
    code: callback.searchParams.get('code') ?? undefined,
    state: callback.searchParams.get('state') ?? undefined,
    error: callback.searchParams.get('error') ?? undefined,
  });

export { refusal as rejection } from './app-error.js';
