import { z } from 'zod';

/** Slack's page size limit worth asking for (Slack recommends no more than 200). */
export const SLACK_MAX_PAGE = 200;

export const ChannelIdArg = z
  .string()
  .trim()
  .regex(/^[CGD][A-Z0-9]{2,}$/, 'a Slack channel id such as C0123ABCD')
  .describe('The channel id (from team_chat_list_channels or team_chat_create_channel)');

/** Said by every hint: the chat tool to use instead when the request is the user's own Slack. */
export const viaUserSlack = (chatTool: string): string =>
  `Acting as the user through their own Slack authorization (${chatTool}): team_chat goes through the tenant's connected workspace app.`;
