import type { WebClient } from '@slack/web-api';
import type { ClientContext, UserGrant } from '../integration.js';
import { lazySdk } from '../lazy-sdk.js';
import { userTokenFetch } from '../user-token-fetch.js';
import { AppError } from '../../toolkit/errors.js';
import type { MemberName, SlackClients } from './clients.js';
import type { SlackCredentials } from './credentials.js';
import { installationOf, type Identity } from './installation.js';
import { expiryAsUnauthorized, readsAsGet } from './web-api-fetch.js';

declare module '../../toolkit/context.js' {
  interface ClientMap {
    slack: SlackClients;
  }
}

const tokenOf =
  (identity: Identity) =>
  (grant: UserGrant): string | undefined =>
    installationOf(grant)[identity === 'user' ? 'userToken' : 'botToken'];

/** The calling user's Slack: a Web API client per identity (@slack/web-api imported on first use). */
export function slackClients(credentials: SlackCredentials, ctx: ClientContext): SlackClients {
  const names = new Map<string, Promise<Map<string, MemberName>>>();
  const build = async (identity: Identity) => {
    const { WebClient } = await import('@slack/web-api');
    // Our fetch carries the retries (honouring the tier's Retry-After) and presents the chosen token.
    return new WebClient(undefined, {
      slackApiUrl: credentials.apiBase,
      fetch: readsAsGet(userTokenFetch({ ...ctx, fetch: expiryAsUnauthorized(ctx.fetch) }, tokenOf(identity))),
      retryConfig: { retries: 0 },
      rejectRateLimitedCalls: true,
    });
  };
  const clients: Record<Identity, () => Promise<WebClient>> = {
    user: lazySdk(() => build('user')),
    bot: lazySdk(() => build('bot')),
  };
  return {
    async installation() {
      if (!ctx.grant) throw new AppError('NOT_CONFIGURED', 'Chat acts for each user and needs their authorization');
      return installationOf(await ctx.grant.current());
    },
    as: (identity) => clients[identity](),
    names(teamId, load) {
      let known = names.get(teamId);
      if (!known) {
        names.set(teamId, (known = load()));
        known.catch(() => names.delete(teamId));
      }
      return known;
    },
  };
}
