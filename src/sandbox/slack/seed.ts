import { SANDBOX_CREDENTIALS, type WorkspaceId } from '../credentials.js';
import type { WorkspaceSeed } from '../fake-upstream.js';
import { seedConversations } from './conversations-seed.js';
import type { SlackState } from './state.js';

/**
 * A workspace's Slack team; the sandbox credentials' bot token is the app's installation there (the one
 * the Apideck fake's Slack connection uses, hence channels:manage for team_chat's channel creation).
 */
export function seedSlack(workspace: WorkspaceSeed): SlackState {
  const { identity, people, random, now, scale } = workspace;
  const letter = identity.id === 'acme' ? 'A' : 'G';
  // The bot's member id (a U id, as Slack gives bot users; B ids name bot integrations).
  const botUserId = `U${letter}0CONSTELL`;
  return {
    workspace: identity,
    people,
    channels: seedConversations({ people, org: identity.org, letter, botUserId, random, now, scale }),
    sequence: 0,
    team: {
      id: `T${letter}${identity.idBase.toString(36).toUpperCase().padStart(8, '0')}`,
      name: identity.orgName,
      domain: identity.id,
    },
    botUserId,
    appId: 'A0CONSTELL8',
    oauth: {
      codes: new Map(),
      botTokens: new Map([
        [
          SANDBOX_CREDENTIALS[identity.id as WorkspaceId].slack.token,
          {
            scopes: [
              'channels:history',
              'channels:read',
              'channels:manage',
              'chat:write',
              'users:read',
              'users:read.email',
            ],
          },
        ],
      ]),
      userTokens: new Map(),
    },
  };
}
