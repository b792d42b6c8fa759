import { WebClient } from '@slack/web-api';
import { RefreshRejected, type OAuthProvider, type ProviderGrant, type ProviderTokens } from '../oauth-provider.js';

interface SlackOAuthOptions {
  clientId: string;
  clientSecret: string;
  botScopes: readonly string[];
  userScopes: readonly string[];
  /** Slack's install page and Web API root; the sandbox points them at the fake. */
  authorizeUrl?: string;
  apiUrl?: string;
  fetch: typeof fetch;
  now: () => number;
}

interface AccessResponse {
  ok?: boolean;
  access_token?: string;
  scope?: string;
  bot_user_id?: string;
  refresh_token?: string;
  expires_in?: number;
  team?: { id?: string; name?: string };
  authed_user?: { id?: string; access_token?: string; scope?: string; refresh_token?: string; expires_in?: number };
}

const scopesOf = (value: string | undefined): string[] => (value ?? '').split(',').filter(Boolean);

/**
 * Slack's OAuth v2 through @slack/web-api: an installation yields a bot token and the installing user's
 * token. The stored `accessToken` is the bot token, or the user token on a user-token-only installation
 * (spec: the user token is copied into access_token); the user token, team and ids go in `details`.
 */
export function slackOAuthProvider(options: SlackOAuthOptions): OAuthProvider {
  // Our fetch carries the retries: Slack's own retry loop stays off.
  const client = (token?: string) =>
    new WebClient(token, {
      slackApiUrl: options.apiUrl,
      fetch: options.fetch,
      retryConfig: { retries: 0 },
      rejectRateLimitedCalls: true,
    });
  const tokensOf = (answer: AccessResponse, previous?: ProviderTokens): ProviderTokens => {
    const user = answer.authed_user ?? {};
    const accessToken = answer.access_token ?? user.access_token ?? previous?.accessToken ?? '';
    const expiresIn = answer.access_token ? answer.expires_in : user.expires_in;
    return {
      accessToken,
      refreshToken: (answer.access_token ? answer.refresh_token : user.refresh_token) ?? previous?.refreshToken,
      expiresAt: expiresIn === undefined ? undefined : options.now() + expiresIn * 1000,
      scopes: answer.access_token ? scopesOf(answer.scope) : scopesOf(user.scope),
      details: {
        ...previous?.details,
        ...(user.access_token ? { userAccessToken: user.access_token, userScopes: scopesOf(user.scope) } : {}),
        ...(answer.team?.id ? { teamId: answer.team.id } : {}),
        ...(answer.bot_user_id ? { botUserId: answer.bot_user_id } : {}),
        ...(user.id ? { authedUserId: user.id } : {}),
      },
    };
  };
  return {
    id: 'slack',
    title: 'Slack',
    pkce: false,
    authorizationUrl: ({ state, redirectUri }) => {
      const url = new URL(options.authorizeUrl ?? 'https://slack.com/oauth/v2/authorize');
      url.search = new URLSearchParams({
        client_id: options.clientId,
        scope: options.botScopes.join(','),
        user_scope: options.userScopes.join(','),
        redirect_uri: redirectUri,
        state,
      }).toString();
      return url.toString();
    },
    async exchangeCode({ code, redirectUri }): Promise<ProviderGrant> {
      const answer = (await client().oauth.v2.access({
        client_id: options.clientId,
        client_secret: options.clientSecret,
        code,
        redirect_uri: redirectUri,
      })) as AccessResponse;
      const tokens = tokensOf(answer);
      const userId = answer.authed_user?.id;
      const profile = userId ? await client(tokens.accessToken).users.info({ user: userId }) : undefined;
      const email = profile?.user?.profile?.email;
      if (!email)
        throw new Error(
          'Slack did not say which account installed the app (users.info gave no email: is users:read.email granted?)',
        );
      return { ...tokens, accountEmail: email };
    },
    async refresh(tokens) {
      if (!tokens.refreshToken) throw new RefreshRejected('Slack tokens of this installation do not rotate');
      try {
        const answer = (await client().oauth.v2.access({
          client_id: options.clientId,
          client_secret: options.clientSecret,
          grant_type: 'refresh_token',
          refresh_token: tokens.refreshToken,
        })) as AccessResponse;
        return tokensOf(answer, tokens);
      } catch (error) {
        if ((error as { data?: { error?: string } }).data?.error === 'invalid_refresh_token')
          throw new RefreshRejected();
        throw error;
      }
    },
    async revoke(tokens) {
      const userToken = tokens.details?.userAccessToken;
      for (const token of new Set([tokens.accessToken, typeof userToken === 'string' ? userToken : undefined])) {
        if (token) await client(token).auth.revoke();
      }
    },
  };
}
