import { createHash, randomBytes } from 'node:crypto';
import type { AccessGrant, GoogleState, RefreshGrant } from '../state.js';

export const ACCESS_TOKEN_SECONDS = 3599;
const CODE_SECONDS = 600;

const token = (prefix: string, bytes: number): string => `${prefix}${randomBytes(bytes).toString('base64url')}`;

/** Issues a code for a person's consent (single use, ten minutes). */
export function issueCode(
  state: GoogleState,
  now: number,
  grant: {
    clientId: string;
    personIndex: number;
    redirectUri: string;
    scopes: string[];
    challenge?: string;
    method?: 'S256' | 'plain';
  },
): string {
  const code = token('4/0Sbx', 24);
  state.oauth.codes.set(code, {
    personIndex: grant.personIndex,
    clientId: grant.clientId,
    redirectUri: grant.redirectUri,
    scopes: grant.scopes,
    codeChallenge: grant.challenge,
    codeChallengeMethod: grant.method,
    expiresAt: now + CODE_SECONDS * 1000,
  });
  return code;
}

/** Whether a PKCE verifier answers the challenge an authorize request carried. */
export function verifierMatches(challenge: string, method: 'S256' | 'plain', verifier: string): boolean {
  return method === 'plain'
    ? challenge === verifier
    : createHash('sha256').update(verifier).digest('base64url') === challenge;
}

export function issueAccessToken(state: GoogleState, now: number, grant: Omit<AccessGrant, 'expiresAt'>): string {
  const accessToken = token('ya29.a0Sbx', 32);
  state.oauth.accessTokens.set(accessToken, { ...grant, expiresAt: now + ACCESS_TOKEN_SECONDS * 1000 });
  return accessToken;
}

export function issueRefreshToken(state: GoogleState, grant: RefreshGrant): string {
  const refreshToken = token('1//0Sbx', 32);
  state.oauth.refreshTokens.set(refreshToken, grant);
  return refreshToken;
}

/** Revokes a token; a refresh token takes the access tokens issued under it along. False when unknown. */
export function revokeToken(state: GoogleState, value: string): boolean {
  if (state.oauth.refreshTokens.delete(value)) {
    for (const [accessToken, grant] of state.oauth.accessTokens)
      if (grant.refreshToken === value) state.oauth.accessTokens.delete(accessToken);
    return true;
  }
  return state.oauth.accessTokens.delete(value);
}

/** The person a live access token stands for, or undefined when it is unknown or expired. */
export function personOfAccessToken(state: GoogleState, accessToken: string, now: number): number | undefined {
  const grant = state.oauth.accessTokens.get(accessToken);
  return grant && grant.expiresAt > now ? grant.personIndex : undefined;
}

/**
 * A consent given ahead of time (demo mode's pre-authorized users): the refresh and access tokens the
 * token endpoint would have issued to that person for that client.
 */
export function grantAhead(
  state: GoogleState,
  now: number,
  grant: { personIndex: number; clientId: string; scopes: string[] },
): { accessToken: string; refreshToken: string; expiresAt: number } {
  const refreshToken = issueRefreshToken(state, grant);
  const accessToken = issueAccessToken(state, now, {
    personIndex: grant.personIndex,
    scopes: grant.scopes,
    refreshToken,
  });
  return { accessToken, refreshToken, expiresAt: now + ACCESS_TOKEN_SECONDS * 1000 };
}
