import { CodeChallengeMethod, OAuth2Client } from 'google-auth-library';
import { RefreshRejected, type OAuthProvider, type ProviderGrant, type ProviderTokens } from '../oauth-provider.js';
import { GOOGLE_OAUTH_ENDPOINTS, type GoogleOAuthEndpoints } from './oauth-endpoints.js';

export { googleEndpointsAt, type GoogleOAuthEndpoints } from './oauth-endpoints.js';

interface GoogleOAuthOptions {
  clientId: string;
  clientSecret: string;
  scopes: readonly string[];
  endpoints?: GoogleOAuthEndpoints;
  /** Every request of the flow goes through this fetch (the project's retrying upstream fetch). */
  fetch: typeof fetch;
  /** The server's clock: expiry times are computed on it from Google's `expires_in`. */
  now: () => number;
}

interface GaxiosErrorShape {
  response?: { status?: number; data?: { error?: unknown } };
}

/** google-auth-library's client for one exchange: it holds the credentials of a single grant at a time. */
function clientOf(options: GoogleOAuthOptions, endpoints: GoogleOAuthEndpoints): OAuth2Client {
  return new OAuth2Client({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    endpoints: {
      oauth2AuthBaseUrl: endpoints.authorize,
      oauth2TokenUrl: endpoints.token,
      oauth2RevokeUrl: endpoints.revoke,
    },
    transporterOptions: { fetchImplementation: options.fetch },
  });
}

/** Google's token response as google-auth-library hands it over: `expires_in` turned into `expiry_date`. */
interface TokenResponse {
  access_token?: string | null;
  refresh_token?: string | null;
  expires_in?: number;
  /** Epoch ms on the machine's own clock (google-auth-library computes it with Date.now()). */
  expiry_date?: number | null;
  scope?: string;
}

/** Seconds the token has left, whichever way the library spelled it. */
function lifetimeSeconds(response: TokenResponse): number | undefined {
  if (typeof response.expires_in === 'number') return response.expires_in;
  if (typeof response.expiry_date === 'number') return Math.round((response.expiry_date - Date.now()) / 1000);
  return undefined;
}

const tokensOf = (response: TokenResponse, now: number, previous?: ProviderTokens): ProviderTokens => {
  const lifetime = lifetimeSeconds(response);
  return {
    accessToken: response.access_token ?? '',
    refreshToken: response.refresh_token ?? previous?.refreshToken,
    // On the server's clock, which tests and the sandbox move by hand.
    expiresAt: lifetime === undefined ? undefined : now + lifetime * 1000,
    scopes: response.scope ? response.scope.split(' ') : (previous?.scopes ?? []),
  };
};

/** Google as an OAuth provider, through google-auth-library: offline access (a refresh token), PKCE. */
export function googleOAuthProvider(options: GoogleOAuthOptions): OAuthProvider {
  const endpoints = options.endpoints ?? GOOGLE_OAUTH_ENDPOINTS;
  return {
    id: 'google',
    title: 'Google',
    pkce: true,
    authorizationUrl: ({ state, redirectUri, codeChallenge, loginHint }) =>
      clientOf(options, endpoints).generateAuthUrl({
        access_type: 'offline',
        // Always ask for consent so Google issues a refresh token even to a user who authorized before.
        prompt: 'consent',
        include_granted_scopes: true,
        scope: [...options.scopes],
        state,
        redirect_uri: redirectUri,
        login_hint: loginHint,
        ...(codeChallenge ? { code_challenge: codeChallenge, code_challenge_method: CodeChallengeMethod.S256 } : {}),
      }),
    async exchangeCode({ code, redirectUri, codeVerifier }): Promise<ProviderGrant> {
      const client = clientOf(options, endpoints);
      const { tokens } = await client.getToken({ code, codeVerifier, redirect_uri: redirectUri });
      client.setCredentials(tokens);
      const { data } = await client.request<{ email?: string }>({ url: endpoints.userinfo });
      if (!data.email) throw new Error('Google did not say which account was authorized (no email in userinfo)');
      return { ...tokensOf(tokens, options.now()), accountEmail: data.email };
    },
    async refresh(tokens) {
      const client = clientOf(options, endpoints);
      client.setCredentials({ refresh_token: tokens.refreshToken });
      try {
        const { res } = await client.getAccessToken();
        return tokensOf({ ...client.credentials, ...((res?.data ?? {}) as TokenResponse) }, options.now(), tokens);
      } catch (error) {
        if ((error as GaxiosErrorShape).response?.data?.error === 'invalid_grant') throw new RefreshRejected();
        throw error;
      }
    },
    async revoke(tokens) {
      await clientOf(options, endpoints).revokeToken(tokens.refreshToken ?? tokens.accessToken);
    },
  };
}
