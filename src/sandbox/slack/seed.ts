import { SANDBOX_CREDENTIALS, type WorkspaceId } from '../credentials.js';
import type { WorkspaceSeed } from '../fake-upstream.js';
import type { SlackState } from './state.js';

/** A workspace's Slack team; the sandbox credentials' bot token is the app's installation there. */
export function seedSlack(workspace: WorkspaceSeed): SlackState {
  const { identity, people } = workspace;
  const letter = identity.id === 'acme' ? 'A' : 'G';
  return {
    workspace: identity,
    people,
    team: { id: `T${letter}${identity.idBase.toString(36).toUpperCase()}`, name: identity.orgName, domain: identity.id },
    botUserId: `B${letter}0CONSTELL`,
    appId: 'A0CONSTELL8',
    oauth: {
      codes: new Map(),
      botTokens: new Map([
        [SANDBOX_CREDENTIALS[identity.id as WorkspaceId].slack.token, { scopes: ['channels:history', 'channels:read', 'chat:write', 'users:read', 'users:read.email'] }],
      ]),
      userTokens: new Map(),
    },
  };
}
