import type { UserGrant } from '../integration.js';

/** Who a Slack call acts as. */
export type Identity = 'user' | 'bot';

/** The tokens a stored installation holds (spec: stored credentials), without exposing them further. */
export interface Installation {
  userToken?: string;
  botToken?: string;
  teamId?: string;
  authedUserId?: string;
  botUserId?: string;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/**
 * A grant as the Slack provider stores it: `accessToken` is the bot token, or the user token copied
 * there on a user-token-only installation; the user token and ids live in `details`.
 */
export function installationOf(grant: UserGrant): Installation {
  const details = grant.details ?? {};
  const userToken = text(details.userAccessToken);
  const botToken = grant.accessToken && grant.accessToken !== userToken ? grant.accessToken : undefined;
  return {
    userToken,
    botToken,
    teamId: text(details.teamId),
    authedUserId: text(details.authedUserId),
    botUserId: text(details.botUserId),
  };
}
