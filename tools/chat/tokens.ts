import type { Identity, Installation } from '../../src/integrations/slack/installation.js';
import { AppError } from '../../src/toolkit/errors.js';

/** What a call does with a conversation (the spec's token choice depends on it). */
export type Purpose = 'read' | 'search' | 'write';

const reconnectRequired = (what: string): AppError =>
  new AppError(
    'VALIDATION_ERROR',
    `${what} needs a user token and the stored connection has none: authorize chat again as yourself`,
    {
      details: { reason: 'chat_reconnect_required' },
    },
  );

const botTokenRequired = (): AppError =>
  new AppError(
    'VALIDATION_ERROR',
    'send_as=bot needs the app’s bot token and this installation has only a user token',
    { details: { reason: 'chat_bot_token_required' } },
  );

/** A public channel's id starts with C; G is a private channel or group DM, D a direct message. */
const isPublicChannelId = (channelId: string | undefined): boolean => channelId?.startsWith('C') === true;

/**
 * The spec's token choice. Reads of a public channel (id prefix C) use the user token, with the bot
 * token as the fallback when there is no user token; private channels, DMs, group DMs and search need
 * the user token. Sending, editing and deleting act as the user unless `send_as` is bot. Never a
 * silent fall back to the bot token anywhere else.
 */
export function chooseIdentity(
  installation: Installation,
  purpose: Purpose,
  options: { channelId?: string; publicOnly?: boolean; sendAs?: Identity } = {},
): Identity {
  if (purpose === 'write') {
    if (options.sendAs === 'bot') {
      if (!installation.botToken) throw botTokenRequired();
      return 'bot';
    }
    if (!installation.userToken) throw reconnectRequired('Acting as yourself');
    return 'user';
  }
  if (installation.userToken) return 'user';
  if (purpose === 'read' && (options.publicOnly ?? isPublicChannelId(options.channelId)) && installation.botToken)
    return 'bot';
  throw reconnectRequired(purpose === 'search' ? 'Searching messages' : 'Reading private channels, DMs and group DMs');
}
