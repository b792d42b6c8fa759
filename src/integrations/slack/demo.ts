import { CHAT_BOT_SCOPES, CHAT_USER_SCOPES } from './oauth.js';
import type { IntegrationDemo } from '../integration.js';
import { SANDBOX_CREDENTIALS } from '../../sandbox/credentials.js';
import { installAhead, slackFake, type SlackState } from '../../sandbox/slack/index.js';
import type { SlackClients } from './clients.js';

/** Demo mode's Slack: the sandbox fake, and the app installed ahead of time by each person (bot and user token). */
export const slackDemo: IntegrationDemo<{ apiBase: string }> = {
  fake: slackFake,
  credentials: (_workspace, fakeUrl) => ({ apiBase: `${fakeUrl}/api/` }),
  // One Slack app serves every workspace, as one app distributed to several would.
  oauthClient: {
    clientId: SANDBOX_CREDENTIALS.acme.slack.clientId,
    clientSecret: SANDBOX_CREDENTIALS.acme.slack.clientSecret,
  },
  consentAhead: (state, person) => {
    const slack = state as SlackState;
    const { botToken, userToken } = installAhead(slack, person, {
      bot: [...CHAT_BOT_SCOPES],
      user: [...CHAT_USER_SCOPES],
    });
    const details = {
      userAccessToken: userToken,
      userScopes: [...CHAT_USER_SCOPES],
      teamId: slack.team.id,
      botUserId: slack.botUserId,
      authedUserId: slack.people[person].slackId,
    };
    return { accessToken: botToken, scopes: [...CHAT_BOT_SCOPES], details };
  },
  probes: {
    read: {
      path: '/api/conversations.list',
      send: async (client) =>
        (await (client as SlackClients).as('user')).conversations.list({ types: 'public_channel' }),
    },
    create: {
      path: '/api/chat.postMessage',
      send: async (client) => {
        const slack = await (client as SlackClients).as('user');
        const general = (await slack.conversations.list({ types: 'public_channel' })).channels?.[0]?.id ?? '';
        return slack.chat.postMessage({ channel: general, text: 'Contract probe' });
      },
    },
  },
};
