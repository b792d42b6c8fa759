import { lazyProvider } from '../oauth-provider.js';
import type { OAuthUpstream } from '../../auth/oauth/upstream.js';
import { googleEndpointsAt } from './oauth-endpoints.js';

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

/** Google through google-auth-library (imported on first use), with the suite's consent and route form. */
export const googleOAuth: OAuthUpstream = {
  id: 'google',
  title: 'Google',
  configure: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
  clientIn: (config) => config.googleOAuthClient,
  provider: (client, { now, at }) =>
    lazyProvider({ id: 'google', title: 'Google', pkce: true }, async () => {
      const { googleOAuthProvider } = await import('./oauth-provider.js');
      const endpoints = at ? googleEndpointsAt(at) : undefined;
      return googleOAuthProvider({ ...client, scopes: SUITE_SCOPES, endpoints, fetch, now });
    }),
  routes: {
    shape: 'consent-link',
    // Document 2, Errors: 401 `oauth_required` when the user must authorize, `{detail: <string>}` otherwise.
    errors: { authorizationStatus: 401 },
    summaries: {
      authorize: 'Start a user’s suite authorization: redirects to the provider’s consent page',
      callback:
        'The provider’s redirect back: checks the state and the account, stores the tokens, shows a success page',
      status: 'Whether the calling user has authorized the suite: authorized, needs_oauth (with auth_url) or no_access',
      revoke: 'Revoke the calling user’s suite authorization at the provider and delete the stored tokens',
    },
    consentPage: 'The provider’s consent page',
    revoked: 'Suite authorization revoked and tokens deleted',
  },
};
