import type { App } from '../app.js';
import { googleProvider, registerAuthorization, SUITE_SCOPES } from '../auth/oauth/install.js';
import type { StoredGrant } from '../auth/oauth/flow.js';
import { googleEndpointsAt } from '../auth/oauth/providers/google-endpoints.js';
import { SANDBOX_CREDENTIALS, WORKSPACE_IDS } from '../sandbox/credentials.js';
import { grantAhead, type GoogleState } from '../sandbox/google/index.js';
import type { Sandbox } from '../sandbox/server.js';
import type { DemoEnvironment } from './environment.js';

/** The sandbox's OAuth client that demo mode's suite authorization uses (Google accounts are global). */
const DEMO_CLIENT = SANDBOX_CREDENTIALS.acme.google;

/**
 * Demo mode's suite: authorization goes to the sandbox's Google. Every demo user has already consented,
 * except the last of each tenant, left unauthorized so the consent flow can be tried end to end.
 * Returns the emails left unauthorized.
 */
export function installDemoSuiteAuthorization(app: App, sandbox: Sandbox, demo: DemoEnvironment): string[] {
  const client = { clientId: DEMO_CLIENT.clientId, clientSecret: DEMO_CLIENT.clientSecret };
  registerAuthorization(app, 'suite', googleProvider(app, client, googleEndpointsAt(sandbox.urlOf('/google'))));
  const unauthorized: string[] = [];
  for (const tenantId of WORKSPACE_IDS) {
    const users = demo.users().filter((user) => user.tenant_id === tenantId);
    const google = sandbox.state<GoogleState>('/google', tenantId);
    for (const [position, user] of users.entries()) {
      if (position === users.length - 1) {
        unauthorized.push(user.user_email);
        continue;
      }
      const owner = { tenantId, userEmail: user.user_email };
      // Granted anew at every start: tokens of an earlier run's sandbox mean nothing to this one.
      const person = google.people.find((p) => p.email === user.user_email);
      if (!person) continue;
      const tokens = grantAhead(google, app.clock.now(), { personIndex: person.index, clientId: client.clientId, scopes: SUITE_SCOPES });
      const grant: StoredGrant = { ...tokens, scopes: SUITE_SCOPES, accountEmail: user.user_email, authorizedAt: app.clock.now() };
      app.vault.put(owner, 'google', { ...grant });
    }
  }
  return unauthorized;
}
