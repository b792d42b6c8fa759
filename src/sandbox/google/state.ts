import type { Person, WorkspaceIdentity } from '../seed/people.js';
import type { CalendarStore } from './calendar/model.js';
import type { ChatStore } from './chat/model.js';
import type { MailStore } from './gmail/model.js';

/** A code the consent page issued, waiting for its exchange (single use, 10 minutes). */
interface PendingCode {
  personIndex: number;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  /** PKCE: the S256 challenge (or plain verifier) the authorize request carried. */
  codeChallenge?: string;
  codeChallengeMethod?: 'S256' | 'plain';
  expiresAt: number;
}

export interface AccessGrant {
  personIndex: number;
  scopes: string[];
  expiresAt: number;
  /** The refresh token it was issued under: revoking that revokes this too. */
  refreshToken?: string;
}

export interface RefreshGrant {
  personIndex: number;
  scopes: string[];
  clientId: string;
}

/** The OAuth server's memory: codes, live access tokens and refresh tokens, by value. */
interface OAuthGrants {
  codes: Map<string, PendingCode>;
  accessTokens: Map<string, AccessGrant>;
  refreshTokens: Map<string, RefreshGrant>;
}

/** One workspace's Google: its people as Google accounts and the OAuth server's grants. */
export interface GoogleState {
  workspace: WorkspaceIdentity;
  people: Person[];
  /** The OAuth client registered for the workspace (SANDBOX_CREDENTIALS.<ws>.google). */
  client: { clientId: string; clientSecret: string };
  oauth: OAuthGrants;
  /** Calendar v3: calendars with their sharing, and their events. */
  calendar: CalendarStore;
  /** Gmail v1: a mailbox per person, messages as raw MIME. */
  mail: MailStore;
  /** Chat v1: spaces with members, messages in threads. */
  chat: ChatStore;
  now: number;
}
