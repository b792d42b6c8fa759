import { z } from 'zod';

/** Slack's page size limit worth asking for (Slack recommends no more than 200). */
export const SLACK_MAX_PAGE = 200;

export const ChannelIdArg = z
  .string()
  .trim()
  .regex(/^[CGD][A-Z0-9]{2,}$/, 'a Slack channel id such as C0123ABCD')
  .describe('The channel id (from team_chat_list_channels or team_chat_create_channel)');

/** Said by every hint: which of the two Slack systems a request belongs to. */
export const NOT_THE_USER_S_SLACK = "Acting as the user through their own Slack authorization (the chat_* tools): team_chat goes through the tenant's connected workspace app.";
