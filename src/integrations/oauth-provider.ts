import { lazySdk } from './lazy-sdk.js';
/** What a provider gave for a user: tokens, their expiry and the scopes granted. */
export interface ProviderTokens {
  accessToken: string;
  refreshToken?: string;
  /** Epoch milliseconds; absent when the provider's tokens do not expire. */
  expiresAt?: number;
  scopes: string[];
  /** What else the provider gave that its system needs (Slack: the user token, team and bot ids). */
  details?: Record<string, unknown>;
}

/** The outcome of a code exchange: the tokens and the provider account they belong to. */
export interface ProviderGrant extends ProviderTokens {
  accountEmail: string;
}

/** The provider refused a refresh token (revoked, expired, or the app's access removed). */
export class RefreshRejected extends Error {
  constructor(message = 'The provider rejected the refresh token') {
    super(message);
    this.name = 'RefreshRejected';
  }
}

/**
 * One OAuth 2.0 provider, implemented with its official library by the system that uses it
 * (Google with google-auth-library, Slack with its SDK). The flow (state, PKCE, storage, refresh,
 * status) is shared and lives in flow.ts.
 */
export interface OAuthProvider {
  /** The vault's provider key: the integration id whose credential source reads the tokens. */
  id: string;
  title: string;
  /** Whether the provider takes PKCE (S256) on the authorization code flow. */
  pkce: boolean;
  authorizationUrl(request: {
    state: string;
    redirectUri: string;
    codeChallenge?: string;
    loginHint?: string;
  }): string | Promise<string>;
  exchangeCode(request: { code: string; redirectUri: string; codeVerifier?: string }): Promise<ProviderGrant>;
  /** New tokens from the refresh token; throws RefreshRejected when the provider refuses it. */
  refresh(tokens: ProviderTokens): Promise<ProviderTokens>;
  /** Revokes the grant at the provider (refresh token when there is one). */
  revoke(tokens: ProviderTokens): Promise<void>;
}

/**
 * A provider whose library is imported on first use: an MCP host spawns the server for every session,
 * and an OAuth library nobody has used yet should not cost start-up time.
 */
export function lazyProvider(
  identity: Pick<OAuthProvider, 'id' | 'title' | 'pkce'>,
  load: () => Promise<OAuthProvider>,
): OAuthProvider {
  const provider = lazySdk(load);
  return {
    ...identity,
    authorizationUrl: async (request) => (await provider()).authorizationUrl(request),
    exchangeCode: async (request) => (await provider()).exchangeCode(request),
    refresh: async (tokens) => (await provider()).refresh(tokens),
    revoke: async (tokens) => (await provider()).revoke(tokens),
  };
}
