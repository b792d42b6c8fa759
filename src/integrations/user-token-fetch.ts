import { AppError } from '../toolkit/errors.js';
import type { ClientContext, UpstreamFetch, UserGrant } from './integration.js';

/** Which of a grant's tokens a request presents (Slack keeps a user token beside the bot token). */
type TokenChoice = (grant: UserGrant) => string | undefined;

const accessTokenOf: TokenChoice = (grant) => grant.accessToken;

/**
 * The fetch of a client that acts for one user: every request presents the user's current token
 * (refreshed by the OAuth flow when it has expired), and when the provider still answers 401 the token
 * is refreshed once and the request sent again. A refresh the provider refuses surfaces as the flow's
 * AUTHORIZATION_REQUIRED, carrying the consent link.
 */
export function userTokenFetch(ctx: ClientContext, choose: TokenChoice = accessTokenOf): UpstreamFetch {
  const { grant } = ctx;
  if (!grant) throw new AppError('NOT_CONFIGURED', 'This connector acts for each user and needs their authorization');
  const send = async (input: string | URL | Request, init: RequestInit, afterUnauthorized: boolean) => {
    const token = choose(await grant.current({ afterUnauthorized }));
    if (!token) throw new AppError('NOT_CONFIGURED', 'The stored authorization has no token for this request');
    const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set('authorization', `Bearer ${token}`);
    return ctx.fetch(input instanceof Request ? input.clone() : input, { ...init, headers });
  };
  return async (input, init = {}) => {
    const first = await send(input, init, false);
    if (first.status !== 401) return first;
    await first.body?.cancel();
    return send(input, init, true);
  };
}
