import type { Person, WorkspaceIdentity } from '../seed/people.js';

/** A code issued by the consent page for one person of the workspace (single use, ten minutes). */
interface SlackPendingCode {
  personIndex: number;
  clientId: string;
  redirectUri?: string;
  botScopes: string[];
  userScopes: string[];
  expiresAt: number;
}

/** The OAuth server's memory: codes, and the bot and user tokens it issued. */
interface SlackGrants {
  codes: Map<string, SlackPendingCode>;
  botTokens: Map<string, { scopes: string[] }>;
  userTokens: Map<string, { personIndex: number; scopes: string[] }>;
}

export interface SlackMessage {
  ts: string;
  /** Member id of the author (a person's slackId, or the bot user). */
  user: string;
  text: string;
  /** Set on replies, and on a thread's parent (equal to its own ts). */
  threadTs?: string;
  edited?: { user: string; ts: string };
  /** Ids of the files shared with the message (files.completeUploadExternal). */
  files?: string[];
}

/** A file uploaded through files.getUploadURLExternal, its bytes and where it was shared. */
export interface SlackFile {
  id: string;
  name: string;
  title: string;
  size: number;
  /** Member id of the uploader. */
  user: string;
  created: number;
  bytes?: Buffer;
  shares: Array<{ channel: string; ts: string }>;
}

export interface SlackChannel {
  id: string;
  name: string;
  kind: 'public' | 'private' | 'im' | 'mpim';
  created: number;
  creator: string;
  topic: string;
  purpose: string;
  /** Member ids; the bot user is a member of the channels it was invited to. */
  members: string[];
  archived: boolean;
  /** Oldest first. */
  messages: SlackMessage[];
}

/** One workspace's Slack team: its people as members, the app's bot user and the OAuth grants. */
export interface SlackState {
  workspace: WorkspaceIdentity;
  people: Person[];
  channels: SlackChannel[];
  /** Makes ts values for new messages unique within a second. */
  sequence: number;
  team: { id: string; name: string; domain: string };
  /** The app's bot user in this team. */
  botUserId: string;
  appId: string;
  oauth: SlackGrants;
  /** Member directory reads served (users.list and users.info pages): tests count them to see a cache work. */
  directoryReads?: number;
  /** Files uploaded in this workspace, by id (none are seeded). */
  files?: Map<string, SlackFile>;
}
