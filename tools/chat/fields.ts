import { z } from 'zod';

/** Input fields the chat tools share, described once. */
export const channelId = z
  .string()
  .min(1)
  .max(40)
  .describe('Conversation id: C… channel, G… private or group, D… direct message');
export const messageTs = z.string().min(1).max(40).describe('The message’s ts (its id), e.g. 1712345678.000200');
export const timeBound = (edge: string) =>
  z
    .string()
    .max(40)
    .optional()
    .describe(
      `${edge}: a message ts or id, epoch seconds, or an ISO 8601 date (midnight UTC) or datetime (UTC unless offset)`,
    );
export const cursor = z.string().max(512).optional().describe('The next_cursor of the previous page');
export const sendAs = z
  .enum(['user', 'bot'])
  .default('user')
  .describe('Act as yourself (default) or as the app’s bot; only the sender may change a message');

/** A page size the spec caps rather than refuses: anything above the cap reads the cap. */
export const cappedLimit = (fallback: number, cap: number) =>
  z
    .number()
    .int()
    .min(1)
    .default(fallback)
    .transform((limit) => Math.min(limit, cap))
    .describe(`Page size (default ${fallback}, capped at ${cap})`);
