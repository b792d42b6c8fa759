import type { WebClient } from '@slack/web-api';
import type { Identity, Installation } from './installation.js';

/** The calling user's Slack: who they are in the workspace, and a Web API client per identity. */
export interface SlackClients {
  /** The stored installation (which tokens exist), read anew per call. */
  installation(): Promise<Installation>;
  /** A Web API client presenting the user's or the bot's token; built on first use. */
  as(identity: Identity): Promise<WebClient>;
  /** Member id → display name of a workspace, read once per client (the client cache's lifetime). */
  names(teamId: string, load: () => Promise<Map<string, MemberName>>): Promise<Map<string, MemberName>>;
}

export interface MemberName {
  name: string;
  email?: string;
}
