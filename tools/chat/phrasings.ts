import type { ToolPhrasings } from '../../src/toolkit/registry.js';

/**
 * Requests a person might type for each tool, for the tool search only (see SystemSearchHints.phrasings):
 * the user's own Slack, acting as them, never the workspace's app (team_chat) nor Google Chat (suite).
 */
export const phrasings: ToolPhrasings = {
  list_chats: [
    'my recent slack conversations',
    'which slack dms did I get lately',
    'where have I been talking on slack recently',
    'my latest direct messages in slack',
    'show my active slack threads and dms',
  ],
  list_channels: [
    'what slack channels can I see',
    'list the channels in my slack',
    'which slack channels exist',
    'is there a slack channel for incidents',
    'show all slack channels I can join',
  ],
  get_channel: [
    'what is the topic of #deploys',
    'info about the #general slack channel',
    'how many people are in #incidents on slack',
    'purpose of that slack channel',
    'details of slack channel C0123',
  ],
  list_channel_members: [
    'who is in #deploys',
    'members of the #incidents slack channel',
    'who can read #general in slack',
    'list the people in that slack channel',
    'is grace in the #backend channel',
  ],
  list_messages: [
    'what was said in #deploys today',
    'catch me up on #incidents',
    'latest posts in the #general slack channel',
    'read my dm with ada on slack',
    'recent slack history of #backend',
    'what did people post in #releases yesterday',
  ],
  get_message: [
    'show that slack message by its timestamp',
    'the slack post at 1712345678.000100 in #deploys',
    'open one slack message',
    'read a single message from my slack',
  ],
  list_thread_replies: [
    'replies under that slack post',
    'read the whole thread in #incidents',
    'what did people answer in the slack thread',
    'show the discussion below the deploy announcement',
    'all replies to ada message in slack',
  ],
  search_messages: [
    'find where someone mentioned the postmortem in slack',
    'search my slack for the outage',
    'did anyone talk about the billing bug on slack',
    'slack messages from ada about the release',
    'look through slack for the api key rotation',
    'who said something about the migration in slack',
  ],
  send_message: [
    'post in #deploys that the release is out',
    'tell ada on slack I will be late',
    'message #general on slack as me',
    'reply in the slack thread that it is fixed',
    'dm grace on slack about the review',
    'ping the #backend slack channel about the outage',
  ],
  update_message: [
    'edit my slack message in #deploys',
    'fix the typo in what I posted on slack',
    'change the text of my last slack post',
    'correct my slack message',
  ],
  delete_message: [
    'delete my slack message',
    'take back what I posted in #general',
    'remove my last post in the slack channel',
    'unsend that slack message of mine',
  ],
  list_users: [
    'who is on our slack',
    'everyone in my slack workspace',
    'find grace in the slack directory',
    'slack people with their emails',
  ],
  get_user: [
    'who is U024BE7LH on slack',
    'slack profile of that member id',
    'what time zone is this slack user in',
    'email of slack member U0123',
  ],
  get_connection_info: [
    'which slack account am I connected as',
    'what slack workspace is linked to me',
    'is my slack connected',
    'my slack member id and team',
  ],
};
