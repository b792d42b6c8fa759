import { CHAT_BOT_SCOPES, CHAT_USER_SCOPES } from '../../src/integrations/slack/oauth.js';
import { installAhead, type SlackState } from '../../src/sandbox/slack/index.js';
import type { TestServer } from './server.js';

/** The acme Slack of a test server, and its conversations by name (DMs and the group DM by kind). */
export function slackOf(server: TestServer) {
  const state = server.sandbox.state<SlackState>('/slack', 'acme');
  const byName = (name: string) => state.channels.find((c) => c.name === name)?.id as string;
  return {
    state,
    general: byName('general'),
    deploys: byName('deploys'),
    random: byName('random'),
    leads: byName('leads'),
    dm: state.channels.find((c) => c.kind === 'im')?.id as string,
    groupDm: state.channels.find((c) => c.kind === 'mpim')?.id as string,
  };
}

export type Install = 'bot-and-user' | 'user-only' | 'bot-only';

/**
 * Stores a Slack installation of the given shape for a demo user, as the chat OAuth callback stores
 * one (spec: stored credentials; on a user-token-only installation the user token is copied into
 * access_token), with tokens the sandbox really issued.
 */
export async function installFor(
  server: TestServer,
  email: string,
  install: Install,
  userScopes: readonly string[] = CHAT_USER_SCOPES,
): Promise<void> {
  const { state } = slackOf(server);
  const person = state.people.find((p) => p.email === email);
  if (!person) throw new Error(`${email} is not a member of the acme Slack`);
  const { botToken, userToken } = installAhead(state, person.index, {
    bot: [...CHAT_BOT_SCOPES],
    user: [...userScopes],
  });
  const ids = { teamId: state.team.id, authedUserId: person.slackId };
  const grant =
    install === 'bot-and-user'
      ? {
          accessToken: botToken,
          scopes: [...CHAT_BOT_SCOPES],
          details: { ...ids, botUserId: state.botUserId, userAccessToken: userToken, userScopes: [...userScopes] },
        }
      : install === 'user-only'
        ? {
            accessToken: userToken,
            scopes: [...userScopes],
            details: { ...ids, userAccessToken: userToken, userScopes: [...userScopes] },
          }
        : {
            accessToken: botToken,
            scopes: [...CHAT_BOT_SCOPES],
            details: { teamId: state.team.id, botUserId: state.botUserId },
          };
  await server.app.vault.put({ tenantId: 'acme', userEmail: email }, 'slack', {
    ...grant,
    accountEmail: email,
    authorizedAt: server.app.clock.now(),
  });
  server.app.connections.clear('acme', 'chat');
}
