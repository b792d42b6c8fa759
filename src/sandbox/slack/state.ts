import type { Person, WorkspaceIdentity } from '../seed/people.js';

/** A code issued by the consent page for one person of the workspace (single use, ten minutes). */
export interface SlackPendingCode {
  personIndex: number;
  clientId: string;
  redirectUri?: string;
  botScopes: string[];
  userScopes: string[];
  expiresAt: number;
}

/** The OAuth server's memory: codes, and the bot and user tokens it issued. */
export interface SlackGrants {
  codes: Map<string, SlackPendingCode>;
  botTokens: Map<string, { scopes: string[] }>;
  userTokens: Map<string, { personIndex: number; scopes: string[] }>;
}

/** One workspace's Slack team: its people as members, the app's bot user and the OAuth grants. */
export interface SlackState {
  workspace: WorkspaceIdentity;
  people: Person[];
  team: { id: string; name: string; domain: string };
  /** The app's bot user in this team. */
  botUserId: string;
  appId: string;
  oauth: SlackGrants;
}
