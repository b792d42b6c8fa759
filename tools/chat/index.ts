import { access } from './access.js';
import type { SystemManifest } from '../../src/catalog/manifest.js';
import { slackOAuth } from '../../src/integrations/slack/oauth.js';
import type { SystemRecord } from '../../src/toolkit/registry.js';
import { deleteMessage, sendMessage, updateMessage } from './actions.js';
import { getChannel, listChannelMembers, listChannels, listChats } from './channels.js';
import { extractChat } from './extractor.js';
import { getMessage, listMessages, listThreadReplies } from './messages.js';
import { searchMessages } from './search.js';
import { getConnectionInfo, getUser, listUsers } from './users.js';
import { outline } from './outline.js';
import { phrasings } from './phrasings.js';

const chatSystem: SystemRecord = {
  id: 'chat',
  name: 'Chat (Slack)',
  description:
    'The user’s Slack workspace: channels, DMs, threads, search and posting, as the user (or the app’s bot) after their one-time install.',
  keywords: ['slack', 'channel', 'dm', 'direct message', 'thread', 'message', 'chat', 'post', 'workspace'],
  when_to_use:
    'Questions about Slack: what was said in a channel or DM, finding a message, posting or editing one, who is in a channel.',
  search: { names: ['slack'], account: 'user', phrasings },
};

/** Slack for each user, as the `chat` system (spec: chat routes). */
export const manifest: SystemManifest = {
  system: chatSystem,
  tools: [
    listChats,
    listChannels,
    getChannel,
    listChannelMembers,
    listMessages,
    getMessage,
    listThreadReplies,
    searchMessages,
    sendMessage,
    updateMessage,
    deleteMessage,
    listUsers,
    getUser,
    getConnectionInfo,
  ],
  ...access,
  extractor: extractChat,
  entityTypes: outline.entityTypes,
  // Spec (Document 2, Errors): `{detail}` bodies, 407 when the user must install the app first.
  restErrors: slackOAuth.routes.errors,
  synonyms: {
    slack: ['chat'],
    dm: ['message'],
    dms: ['message'],
    posted: ['message'],
  },
};
