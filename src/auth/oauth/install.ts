import type { App } from '../../app.js';
import { tenantGate } from '../../store/tenant-gate.js';
import type { VaultOwner } from '../vault/index.js';
import { OAuthFlow } from './flow.js';
import { PendingAuthorizations } from './pending.js';
import { lazyProvider, type OAuthProvider } from './provider.js';
import type { GoogleOAuthEndpoints } from './providers/google-endpoints.js';
import { StateTokens } from './state-token.js';

/**
 * The suite's consent: calendars and events, mail (read, label, send) and chat (spaces, members,
 * messages), plus the account's email so the callback can check it is the user's own.
 */
export const SUITE_SCOPES = [
  'openid',
  'email',
  'https://www.googleapis.com/auth/calendar',
  'https://www.googleapis.com/auth/gmail.modify',
  'https://www.googleapis.com/auth/gmail.send',
  'https://www.googleapis.com/auth/chat.spaces.readonly',
  'https://www.googleapis.com/auth/chat.memberships.readonly',
  'https://www.googleapis.com/auth/chat.messages',
];

/** The chat app's bot scopes, as the spec lists them (Document 2, chat app scopes requested). */
export const CHAT_BOT_SCOPES = [
  'chat:write',
  'channels:history',
  'channels:read',
  'groups:history',
  'groups:read',
  'im:history',
  'im:read',
  'mpim:history',
  'mpim:read',
  'users:read',
  'users:read.email',
  'channels:join',
];

/** The chat app's user scopes, as the spec lists them: what the user can see and do as themselves. */
export const CHAT_USER_SCOPES = [
  'chat:write',
  'channels:history',
  'channels:read',
  'groups:history',
  'groups:read',
  'im:history',
  'im:read',
  'im:write',
  'mpim:history',
  'mpim:read',
  'mpim:write',
  'users:read',
  'users:read.email',
  'search:read',
  'files:read',
  'files:write',
  'reactions:read',
];

/** Google through google-auth-library, imported on first use. */
export function googleProvider(
  app: App,
  client: { clientId: string; clientSecret: string },
  endpoints?: GoogleOAuthEndpoints,
): OAuthProvider {
  return lazyProvider({ id: 'google', title: 'Google', pkce: true }, async () => {
    const { googleOAuthProvider } = await import('./providers/google.js');
    return googleOAuthProvider({ ...client, scopes: SUITE_SCOPES, endpoints, fetch, now: () => app.clock.now() });
  });
}

/** Slack through @slack/web-api, imported on first use; `base` points at a Slack-compatible server (the sandbox). */
export function slackProvider(
  app: App,
  client: { clientId: string; clientSecret: string },
  base?: string,
): OAuthProvider {
  return lazyProvider({ id: 'slack', title: 'Slack', pkce: false }, async () => {
    const { slackOAuthProvider } = await import('./providers/slack.js');
    const at = base?.replace(/\/$/, '');
    return slackOAuthProvider({
      ...client,
      botScopes: CHAT_BOT_SCOPES,
      userScopes: CHAT_USER_SCOPES,
      ...(at ? { authorizeUrl: `${at}/oauth/v2/authorize`, apiUrl: `${at}/api/` } : {}),
      fetch,
      now: () => app.clock.now(),
    });
  });
}

/**
 * Registers the per-user authorization of a route family (`suite`, later `chat`) under its routes:
 * `/oauth/<family>/callback` receives the provider's redirect, `/oauth/<family>/authorize` starts it.
 */
export function registerAuthorization(app: App, family: string, provider: OAuthProvider): OAuthFlow {
  const link = (path: string) => `${app.publicUrl()}/oauth/${family}/${path}`;
  const flow = new OAuthFlow({
    provider,
    vault: app.vault,
    pending: new PendingAuthorizations(app.db, tenantGate(app.db)),
    states: new StateTokens(app.config.jwtSecret, () => app.clock.now()),
    clock: app.clock,
    log: app.log,
    redirectUri: () => link('callback'),
    authorizeLink: (owner: VaultOwner) =>
      `${link('authorize')}?${new URLSearchParams({ tenant_id: owner.tenantId, user_email: owner.userEmail }).toString()}`,
    accessDenied: (owner) =>
      app.tenants.exists(owner.tenantId) ? undefined : `Tenant ${owner.tenantId} does not exist`,
  });
  app.authorizations.set(family, flow);
  app.connections.addUserAuthority(provider.id, flow);
  return flow;
}

/** The authorizations the configuration enables: the suite with a Google OAuth client, chat with a Slack app. */
export function installAuthorizations(app: App): void {
  if (app.config.googleOAuthClient)
    registerAuthorization(app, 'suite', googleProvider(app, app.config.googleOAuthClient));
  if (app.config.slackOAuthClient) registerAuthorization(app, 'chat', slackProvider(app, app.config.slackOAuthClient));
}
