import { access } from './access.js';
import type { SystemManifest } from '../../src/catalog/manifest.js';
import type { SystemRecord } from '../../src/toolkit/registry.js';
import { vaultAuthRoutes } from '../../src/integrations/apideck/routes.js';
import { createChannel, getChannel, listChannels } from './channels.js';
import { extractTeamChat } from './extractor.js';
import { addMember, listMembers, listMessages, sendMessage } from './messages-members.js';
import { teamChatRoutes } from './rest.js';
import { outline } from './outline.js';
import { phrasings } from './phrasings.js';

const teamChatSystem: SystemRecord = {
  id: 'team_chat',
  name: 'Team chat (unified: the tenant-connected Slack workspace)',
  description:
    "Channels, messages and members of the chat workspace the tenant connected through the Apideck vault, acting as the workspace's app: no user authorization needed.",
  keywords: ['team chat', 'workspace', 'channel', 'members', 'announce', 'unified messaging', 'slack workspace app'],
  when_to_use:
    "Company-level chat work through the tenant's connected workspace (create channels, post as the company's app, manage members). For acting as the individual user through their own Slack authorization, use the chat system.",
  search: {
    phrasings,
    names: ['slack', 'team chat', 'workspace app', 'company app', 'workspace channel', 'unified messaging'],
    account: 'tenant',
  },
};

/** The unified team chat as the `team_chat` system: the same tools serve MCP and the `/team_chat/*` routes. */
export const manifest: SystemManifest = {
  system: teamChatSystem,
  tools: [listChannels, getChannel, createChannel, listMessages, sendMessage, listMembers, addMember],
  ...access,
  vault: {
    integration: {
      id: 'team_chat',
      name: 'Team chat',
      unifiedApi: 'messaging',
      description: 'Channels, messages and members of the team chat (Slack)',
    },
    position: 3,
  },
  rest: { routes: [teamChatRoutes], upstreamRoutes: [vaultAuthRoutes], ownsBarePaths: true },
  extractor: extractTeamChat,
  entityTypes: outline.entityTypes,
  synonyms: { roster: ['members'], announce: ['send'] },
};
