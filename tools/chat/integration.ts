import type { WebClient } from '@slack/web-api';
import { z } from 'zod';
import { defineIntegration, type ClientContext, type UserGrant } from '../../src/integrations/integration.js';
import { classifyByStatus, upstreamError } from '../../src/integrations/http-status.js';
import { userTokenFetch } from '../../src/integrations/user-token-fetch.js';
import { AppError } from '../../src/toolkit/errors.js';
import { installationOf, type Identity, type Installation } from './tokens.js';

/** The calling user's Slack: who they are in the workspace, and a Web API client per identity. */
export interface ChatClients {
  /** The stored installation (which tokens exist), read anew per call. */
  installation(): Promise<Installation>;
  /** A Web API client presenting the user's or the bot's token; built on first use. */
  as(identity: Identity): Promise<WebClient>;
  /** Member id → display name of a workspace, read once per client (the client cache's lifetime). */
  names(teamId: string, load: () => Promise<Map<string, MemberName>>): Promise<Map<string, MemberName>>;
}

export interface MemberName {
  name: string;
  email?: string;
}

declare module '../../src/toolkit/context.js' {
  interface ClientMap {
    slack: ChatClients;
  }
}

/** What a chat client is built from: where the Web API is (the sandbox in demo mode and tests; slack.com when absent). */
export const SlackCredentials = z.object({ apiBase: z.url().optional() });
type SlackCredentials = z.infer<typeof SlackCredentials>;

const tokenOf =
  (identity: Identity) =>
  (grant: UserGrant): string | undefined =>
    installationOf(grant)[identity === 'user' ? 'userToken' : 'botToken'];

export function chatClients(credentials: SlackCredentials, ctx: ClientContext): ChatClients {
  const clients = new Map<Identity, Promise<WebClient>>();
  const names = new Map<string, Promise<Map<string, MemberName>>>();
  const build = async (identity: Identity) => {
    const { WebClient } = await import('@slack/web-api');
    // Our fetch carries the retries (honouring the tier's Retry-After) and presents the chosen token.
    return new WebClient(undefined, {
      slackApiUrl: credentials.apiBase,
      fetch: userTokenFetch(ctx, tokenOf(identity)),
      retryConfig: { retries: 0 },
      rejectRateLimitedCalls: true,
    });
  };
  return {
    async installation() {
      if (!ctx.grant) throw new AppError('NOT_CONFIGURED', 'Chat acts for each user and needs their authorization');
      return installationOf(await ctx.grant.current());
    },
    as(identity) {
      let client = clients.get(identity);
      if (!client) clients.set(identity, (client = build(identity)));
      return client;
    },
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

interface SlackSdkError {
  code?: string;
  data?: { error?: string };
  retryAfter?: number;
  statusCode?: number;
}

/**
 * @slack/web-api's failures: Slack's `{ok: false, error}` (200) is the spec's `Chat API error: <code>`
 * (400); a 429 our retries could not outlast keeps its Retry-After.
 */
export function mapSlackError(error: unknown): AppError | undefined {
  if (!(error instanceof Error)) return undefined;
  const sdk = error as SlackSdkError;
  if (sdk.code === 'slack_webapi_platform_error' && sdk.data?.error) {
    return new AppError('VALIDATION_ERROR', `Chat API error: ${sdk.data.error}`, { upstreamStatus: 400, cause: error, details: { slack_error: sdk.data.error } });
  }
  if (sdk.code === 'slack_webapi_rate_limited_error') return upstreamError({ status: 429, retryAfter: sdk.retryAfter, cause: error }, 'Slack');
  if (sdk.code === 'slack_webapi_http_error' && typeof sdk.statusCode === 'number') return upstreamError({ status: sdk.statusCode, cause: error }, 'Slack');
  return undefined;
}

/** Slack for each user: their installation of the app (the chat OAuth flow), bot and user tokens from the vault. */
export const slackIntegration = defineIntegration({
  id: 'slack',
  title: 'Slack',
  connectionKeys: ['chat'],
  credentials: SlackCredentials,
  sources: ['vault'],
  createClient: chatClients,
  classifyResponse: classifyByStatus('Slack'),
  mapError: mapSlackError,
  demo: () => import('./demo.js').then((m) => m.slackDemo),
});
