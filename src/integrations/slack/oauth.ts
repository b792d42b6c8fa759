import { lazyProvider } from '../oauth-provider.js';
import type { OAuthUpstream } from '../../auth/oauth/upstream.js';

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

/** Slack through @slack/web-api (imported on first use): an app installed with bot and user scopes. */
export const slackOAuth: OAuthUpstream = {
  id: 'slack',
  title: 'Slack',
  configure: 'SLACK_CLIENT_ID and SLACK_CLIENT_SECRET',
  clientIn: (config) => config.slackOAuthClient,
  provider: (client, { now, at }) =>
    lazyProvider({ id: 'slack', title: 'Slack', pkce: false }, async () => {
      const { slackOAuthProvider } = await import('./oauth-provider.js');
      const root = at?.replace(/\/$/, '');
      return slackOAuthProvider({
        ...client,
        botScopes: CHAT_BOT_SCOPES,
        userScopes: CHAT_USER_SCOPES,
        ...(root ? { authorizeUrl: `${root}/oauth/v2/authorize`, apiUrl: `${root}/api/` } : {}),
        fetch,
        now,
      });
    }),
  routes: {
    shape: 'app-install',
    // Document 2, Errors: 407 when the user must install the app first, named failures (`email_mismatch`) as objects.
    errors: { authorizationStatus: 407, system: 'chat' },
    summaries: {
      authorize: 'Start a user’s chat authorization: redirects to the workspace’s install page (bot and user scopes)',
      callback:
        'The workspace’s redirect back: exchanges the code, checks the account’s email, stores the bot and user tokens',
      status: 'Whether a user has authorized the chat workspace: authorized, needs_oauth or no_access',
      revoke:
        'Revoke the bot and user tokens at the workspace, clear cached connections and delete the stored credentials',
    },
    consentPage: 'The chat workspace’s install page',
    revoked: 'Chat authorization revoked and credentials deleted',
  },
};
