import type { Request, Response, Router } from 'express';
import type { WorkspaceId } from '../../credentials.js';
import type { FakeContext } from '../../fake-upstream.js';
import { consentPage, workspaceOf } from '../../kit/index.js';
import type { GoogleState } from '../state.js';
import {
  ACCESS_TOKEN_SECONDS,
  issueAccessToken,
  issueCode,
  issueRefreshToken,
  personOfAccessToken,
  revokeToken,
  verifierMatches,
} from './grants.js';

type States = Record<WorkspaceId, GoogleState>;

/** OAuth's own error body (RFC 6749 section 5.2), which the token and revoke endpoints answer with. */
function oauthError(res: Response, status: number, error: string, description: string): void {
  res.status(status).json({ error, error_description: description });
}

const field = (source: unknown, name: string): string | undefined => {
  const value = (source as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/**
 * The registered OAuth client of that id. Google accounts are global: a client of either workspace
 * may be authorized by any account, which then acts in its own workspace's data.
 */
function clientNamed(states: States, clientId: string | undefined): GoogleState['client'] | undefined {
  return Object.values(states).find((state) => state.client.clientId === clientId)?.client;
}

/** The workspace and person of a Google account. */
function accountOf(states: States, email: string | undefined): { state: GoogleState; index: number } | undefined {
  for (const state of Object.values(states)) {
    const person = state.people.find((p) => p.email === email);
    if (person) return { state, index: person.index };
  }
  return undefined;
}

/** The workspace holding a code or token (each lives where its account does). */
const holderOf = (states: States, has: (state: GoogleState) => boolean): GoogleState | undefined =>
  Object.values(states).find(has);

/** The client of a token request: form fields (as Google's libraries send) or HTTP basic. */
function clientOf(req: Request): { clientId?: string; clientSecret?: string } {
  const basic = req.get('authorization')?.match(/^basic\s+(\S+)$/i)?.[1];
  if (basic) {
    const [clientId, clientSecret] = Buffer.from(basic, 'base64').toString('utf8').split(':');
    return { clientId: decodeURIComponent(clientId), clientSecret: decodeURIComponent(clientSecret ?? '') };
  }
  return { clientId: field(req.body, 'client_id'), clientSecret: field(req.body, 'client_secret') };
}

/**
 * Google's OAuth 2.0 server: the consent page (`accounts.google.com/o/oauth2/v2/auth`), the token
 * endpoint (`oauth2.googleapis.com/token`, code and refresh grants, PKCE), revocation
 * (`oauth2.googleapis.com/revoke`). Served before authentication: callers are identified by client id.
 */
export function oauthPublicRoutes(router: Router, states: States, ctx: FakeContext): void {
  router.get('/o/oauth2/v2/auth', (req, res) => {
    const query = Object.fromEntries(
      Object.entries(req.query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    const client = clientNamed(states, query.client_id);
    // Google shows its own error page (no redirect) for an unknown client or a missing redirect URI.
    if (!client)
      return void res
        .status(401)
        .type('html')
        .send('<h1>Error 401: invalid_client</h1><p>The OAuth client was not found.</p>');
    if (!query.redirect_uri)
      return void res
        .status(400)
        .type('html')
        .send('<h1>Error 400: invalid_request</h1><p>Missing required parameter: redirect_uri</p>');
    if (query.response_type !== 'code') return void redirectWithError(res, query, 'unsupported_response_type');
    if (!query.scope)
      return void res
        .status(400)
        .type('html')
        .send('<h1>Error 400: invalid_request</h1><p>Missing required parameter: scope</p>');
    const accounts = Object.values(states).flatMap((state) => state.people);
    res.type('html').send(
      consentPage({
        provider: 'Google Accounts',
        query,
        accounts,
        scopes: query.scope.split(' '),
        appName: 'Constellation',
        loginHint: query.login_hint,
        action: 'approve',
      }),
    );
  });

  router.post('/o/oauth2/v2/approve', (req, res) => {
    const query = Object.fromEntries(
      Object.entries(req.body as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
    if (!clientNamed(states, query.client_id) || !query.redirect_uri)
      return void res.status(400).type('html').send('<h1>Error 400: invalid_request</h1>');
    if (query.deny) return void redirectWithError(res, query, 'access_denied');
    const account = accountOf(states, query.account);
    if (!account) return void res.status(400).type('html').send('<h1>Error 400: unknown account</h1>');
    const method = query.code_challenge_method === 'plain' ? 'plain' : 'S256';
    const code = issueCode(account.state, ctx.clock.now(), {
      clientId: query.client_id,
      personIndex: account.index,
      redirectUri: query.redirect_uri,
      scopes: (query.scope ?? '').split(' ').filter(Boolean),
      challenge: query.code_challenge,
      method: query.code_challenge ? method : undefined,
    });
    const target = new URL(query.redirect_uri);
    target.searchParams.set('code', code);
    if (query.state) target.searchParams.set('state', query.state);
    target.searchParams.set('scope', query.scope ?? '');
    res.redirect(302, target.toString());
  });

  router.post('/token', (req, res) => {
    const { clientId, clientSecret } = clientOf(req);
    const client = clientNamed(states, clientId);
    if (!client || client.clientSecret !== clientSecret)
      return oauthError(res, 401, 'invalid_client', 'The OAuth client was not found.');
    const now = ctx.clock.now();
    const grantType = field(req.body, 'grant_type');
    if (grantType === 'authorization_code') return exchangeCode(req, res, client.clientId, now);
    if (grantType === 'refresh_token') {
      const refreshToken = field(req.body, 'refresh_token') ?? '';
      const state = holderOf(states, (s) => s.oauth.refreshTokens.has(refreshToken));
      const grant = state?.oauth.refreshTokens.get(refreshToken);
      if (!state || !grant || grant.clientId !== clientId)
        return oauthError(res, 400, 'invalid_grant', 'Token has been expired or revoked.');
      const accessToken = issueAccessToken(state, now, {
        personIndex: grant.personIndex,
        scopes: grant.scopes,
        refreshToken,
      });
      return void res.json({
        access_token: accessToken,
        expires_in: ACCESS_TOKEN_SECONDS,
        scope: grant.scopes.join(' '),
        token_type: 'Bearer',
      });
    }
    oauthError(res, 400, 'unsupported_grant_type', `Invalid grant_type: ${grantType ?? ''}`);
  });

  router.post('/revoke', (req, res) => {
    const value = field(req.body, 'token') ?? field(req.query, 'token');
    const state = value ? Object.values(states).find((s) => revokeToken(s, value)) : undefined;
    if (!state) return oauthError(res, 400, 'invalid_token', 'Token expired or revoked');
    res.json({});
  });

  function exchangeCode(req: Request, res: Response, clientId: string, now: number): void {
    const code = field(req.body, 'code') ?? '';
    const state = holderOf(states, (s) => s.oauth.codes.has(code));
    const pending = state?.oauth.codes.get(code);
    // A code is single use: any attempt consumes it, as a replayed code must never yield tokens.
    state?.oauth.codes.delete(code);
    if (!state || !pending || pending.expiresAt <= now || pending.clientId !== clientId)
      return oauthError(res, 400, 'invalid_grant', 'Malformed auth code.');
    if (pending.redirectUri !== field(req.body, 'redirect_uri'))
      return oauthError(res, 400, 'redirect_uri_mismatch', 'Bad Request');
    if (pending.codeChallenge) {
      const verifier = field(req.body, 'code_verifier');
      if (!verifier) return oauthError(res, 400, 'invalid_request', 'Missing code verifier.');
      if (!verifierMatches(pending.codeChallenge, pending.codeChallengeMethod ?? 'S256', verifier))
        return oauthError(res, 400, 'invalid_grant', 'Invalid code verifier.');
    }
    const refreshToken = issueRefreshToken(state, {
      personIndex: pending.personIndex,
      scopes: pending.scopes,
      clientId: pending.clientId,
    });
    const accessToken = issueAccessToken(state, now, {
      personIndex: pending.personIndex,
      scopes: pending.scopes,
      refreshToken,
    });
    res.json({
      access_token: accessToken,
      expires_in: ACCESS_TOKEN_SECONDS,
      refresh_token: refreshToken,
      scope: pending.scopes.join(' '),
      token_type: 'Bearer',
    });
  }
}

function redirectWithError(res: Response, query: Record<string, string>, error: string): void {
  const target = new URL(query.redirect_uri);
  target.searchParams.set('error', error);
  if (query.state) target.searchParams.set('state', query.state);
  res.redirect(302, target.toString());
}

/** The OpenID Connect userinfo endpoint (`openidconnect.googleapis.com/v1/userinfo`): who the token is for. */
export function userinfoRoutes(router: Router, states: States, ctx: FakeContext): void {
  router.get(['/v1/userinfo', '/oauth2/v3/userinfo'], (req, res) => {
    const state = states[workspaceOf(res)];
    const accessToken = req.get('authorization')?.replace(/^bearer\s+/i, '') ?? '';
    const index = personOfAccessToken(state, accessToken, ctx.clock.now());
    const person = index === undefined ? state.people[0] : state.people[index];
    res.json({
      sub: String(100_000_000_000_000_000n + BigInt(state.workspace.idBase + person.index)),
      name: person.name,
      given_name: person.first,
      family_name: person.last,
      email: person.email,
      email_verified: true,
      hd: state.workspace.domain,
    });
  });
}
