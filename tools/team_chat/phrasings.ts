import type { ToolPhrasings } from '../../src/toolkit/registry.js';

/**
 * Requests a person might type for each tool, for the tool search only (see SystemSearchHints.phrasings):
 * the tenant's connected Slack workspace acting as its app, never the user's own Slack (chat).
 */
export const phrasings: ToolPhrasings = {
  list_channels: [
    "the company workspace's channels",
    'which channels does the workspace app see',
    "list the team's slack channels through the connected app",
    'public channels of our connected chat workspace',
    'list channels of the workspace app',
    'company chat channels in the connected workspace',
    "show the workspace's public channels",
  ],
  get_channel: [
    'details of the workspace channel by id',
    'topic of the company channel through the app',
    "how many members the team's channel has",
    'get the workspace channel C0999',
    'describe the company channel',
    'purpose of the team chat channel',
  ],
  create_channel: [
    'set up a channel for the launch in the company workspace',
    'make a new team channel called incident-42',
    'create a workspace channel for the project',
    'open a channel for the team through the workspace app',
    'create a channel in the connected workspace',
    'new company channel for the launch',
    'add a team chat channel called releases',
  ],
  list_messages: [
    'what the team said in the workspace channel',
    'recent posts in the company channel through the app',
    "read the team's channel history",
    'latest messages the workspace app can see in #announcements',
    'history of the workspace channel through the app',
    'what was posted in the company chat channel',
    'team chat channel messages today',
  ],
  send_message: [
    'announce the release to the team channel as the workspace app',
    'post as the company bot in the workspace channel',
    "tell the team's channel the outage is over",
    'send an announcement from the workspace app',
    'post to the company channel as the app',
    'announce the deploy in the workspace channel',
    'send a team chat message as the bot',
  ],
  list_members: [
    'who is in the team channel of the workspace',
    "roster of the company's channel",
    'members of the workspace channel through the app',
    'list members of the workspace channel',
    'who has joined the company channel',
    'people in the team chat channel',
  ],
  add_member: [
    'add grace to the team channel in the workspace',
    'invite a colleague into the company channel',
    'bring linus into the workspace channel',
    'add ada to the workspace channel',
    'invite grace to the company chat channel',
    'put linus in the team chat channel',
  ],
};
