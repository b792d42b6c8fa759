import type { App } from '../app.js';
import type { StoredGrant } from '../auth/oauth/flow.js';
import { CHAT_BOT_SCOPES, CHAT_USER_SCOPES, googleProvider, registerAuthorization, slackProvider, SUITE_SCOPES } from '../auth/oauth/install.js';
import { googleEndpointsAt } from '../auth/oauth/providers/google-endpoints.js';
import type { Person } from '../sandbox/seed/people.js';
import { SANDBOX_CREDENTIALS, WORKSPACE_IDS, type WorkspaceId } from '../sandbox/credentials.js';
import { grantAhead, type GoogleState } from '../sandbox/google/index.js';
import type { Sandbox } from '../sandbox/server.js';
import { installAhead, type SlackState } from '../sandbox/slack/index.js';
import type { DemoEnvironment } from './environment.js';

/** The sandbox OAuth clients demo mode authorizes with (Google accounts and Slack apps serve every workspace). */
const GOOGLE_CLIENT = { clientId: SANDBOX_CREDENTIALS.acme.google.clientId, clientSecret: SANDBOX_CREDENTIALS.acme.google.clientSecret };
const SLACK_CLIENT = { clientId: SANDBOX_CREDENTIALS.acme.slack.clientId, clientSecret: SANDBOX_CREDENTIALS.acme.slack.clientSecret };

/** What one provider's consent, given ahead of time for a person, stores. */
type GrantAhead = (workspace: WorkspaceId, person: Person) => Omit<StoredGrant, 'accountEmail' | 'authorizedAt'>;

/**
 * Demo mode's per-user authorizations go to the sandbox's Google and Slack. Every demo user has
 * consented already, except the last of each tenant, left unauthorized so each consent flow can be
 * tried end to end. Granted anew at every start: an earlier run's sandbox tokens mean nothing to this one.
 */
export function installDemoAuthorizations(app: App, sandbox: Sandbox, demo: DemoEnvironment): void {
  registerAuthorization(app, 'suite', googleProvider(app, GOOGLE_CLIENT, googleEndpointsAt(sandbox.urlOf('/google'))));
  registerAuthorization(app, 'chat', slackProvider(app, SLACK_CLIENT, sandbox.urlOf('/slack')));
  // Per-user clients reach the sandbox's Google and Slack instead of the providers' own hosts.
  const apiBases: Record<string, string> = { google: sandbox.urlOf('/google'), slack: `${sandbox.urlOf('/slack')}/api/` };
  app.connections.addCredentialRewrite((credentials, integration) => {
    const apiBase = apiBases[integration.id];
    return apiBase && credentials.apiBase === undefined ? { ...credentials, apiBase } : credentials;
  });
  const now = () => app.clock.now();
  const grants: Record<string, GrantAhead> = {
    google: (workspace, person) => {
      const tokens = grantAhead(sandbox.state<GoogleState>('/google', workspace), now(), { personIndex: person.index, clientId: GOOGLE_CLIENT.clientId, scopes: SUITE_SCOPES });
      return { ...tokens, scopes: SUITE_SCOPES };
    },
    slack: (workspace, person) => {
      const slack = sandbox.state<SlackState>('/slack', workspace);
      const { botToken, userToken } = installAhead(slack, person.index, { bot: CHAT_BOT_SCOPES, user: CHAT_USER_SCOPES });
      const details = { userAccessToken: userToken, userScopes: CHAT_USER_SCOPES, teamId: slack.team.id, botUserId: slack.botUserId, authedUserId: person.slackId };
      return { accessToken: botToken, scopes: CHAT_BOT_SCOPES, details };
    },
  };
  for (const workspace of WORKSPACE_IDS) {
    const users = demo
      .users()
      .filter((user) => user.tenant_id === workspace)
      .slice(0, -1);
    for (const user of users) {
      const person = sandbox.seeds[workspace].people.find((p) => p.email === user.user_email);
      if (!person) continue;
      const owner = { tenantId: workspace, userEmail: user.user_email };
      for (const [provider, grant] of Object.entries(grants)) app.vault.put(owner, provider, { ...grant(workspace, person), accountEmail: user.user_email, authorizedAt: now() });
    }
  }
}
