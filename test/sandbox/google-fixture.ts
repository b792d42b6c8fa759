import { auth, calendar, type calendar_v3 } from '@googleapis/calendar';
import { chat, type chat_v1 } from '@googleapis/chat';
import { gmail, type gmail_v1 } from '@googleapis/gmail';
import { expect } from 'vitest';
import type { WorkspaceId } from '../../src/sandbox/credentials.js';
import { grantAhead, googleFake, type GoogleState } from '../../src/sandbox/google/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { HOUR, ManualClock } from '../helpers/clock.js';
import { loadDiscoveryContract, type DiscoveryContract } from '../helpers/discovery-contract.js';
import { SANDBOX_EPOCH } from '../../src/sandbox/server.js';

export const ALL_SCOPES = [
  'openid',
  'email',
  'https://www.googleapis.com/auth/calendar',
  'https://www.googleapis.com/auth/gmail.modify',
  'https://www.googleapis.com/auth/chat.messages',
  'https://www.googleapis.com/auth/chat.spaces.readonly',
  'https://www.googleapis.com/auth/chat.memberships.readonly',
];

export interface GoogleFixture {
  sandbox: Sandbox;
  clock: ManualClock;
  state(ws?: WorkspaceId): GoogleState;
  /** An access token the fake's OAuth server issued to a person, as a consent would have. */
  tokenFor(personIndex: number, ws?: WorkspaceId, scopes?: string[]): string;
  calendarFor(personIndex: number, ws?: WorkspaceId, scopes?: string[]): calendar_v3.Calendar;
  gmailFor(personIndex: number, ws?: WorkspaceId, scopes?: string[]): gmail_v1.Gmail;
  chatFor(personIndex: number, ws?: WorkspaceId, scopes?: string[]): chat_v1.Chat;
  /** A Calendar client presenting any access token. */
  calendarWithToken(token: string): calendar_v3.Calendar;
  close(): Promise<void>;
}

/** The sandbox serving the Google fake alone, its clock 12 hours after the seed's "now"; budgets counted, not enforced, unless asked. */
export async function startGoogle(options: { rateLimits?: 'enforce' | 'count' } = {}): Promise<GoogleFixture> {
  const clock = new ManualClock(SANDBOX_EPOCH + 12 * HOUR);
  const sandbox = await startSandbox({ clock, now: SANDBOX_EPOCH, rateLimits: options.rateLimits ?? 'count' }, [
    googleFake,
  ]);
  const state = (ws: WorkspaceId = 'acme') => sandbox.state<GoogleState>('/google', ws);
  const tokenFor = (personIndex: number, ws: WorkspaceId = 'acme', scopes = ALL_SCOPES) =>
    grantAhead(state(ws), clock.now(), { personIndex, clientId: state(ws).client.clientId, scopes }).accessToken;
  const oauthClient = (token: string) => {
    const client = new auth.OAuth2();
    client.setCredentials({ access_token: token });
    return client;
  };
  const calendarClient = (token: string) =>
    calendar({
      version: 'v3',
      rootUrl: `${sandbox.urlOf('/google')}/`,
      auth: oauthClient(token),
      retry: false,
      fetchImplementation: underPrefix('/google'),
    });
  return {
    sandbox,
    clock,
    state,
    tokenFor,
    calendarFor: (personIndex, ws, scopes) => calendarClient(tokenFor(personIndex, ws, scopes)),
    calendarWithToken: (token) => calendarClient(token),
    chatFor: (personIndex, ws, scopes) =>
      chat({
        version: 'v1',
        rootUrl: `${sandbox.urlOf('/google')}/`,
        auth: oauthClient(tokenFor(personIndex, ws, scopes)),
        retry: false,
        fetchImplementation: underPrefix('/google'),
      }),
    gmailFor: (personIndex, ws, scopes) =>
      gmail({
        version: 'v1',
        rootUrl: `${sandbox.urlOf('/google')}/`,
        auth: oauthClient(tokenFor(personIndex, ws, scopes)),
        retry: false,
        fetchImplementation: underPrefix('/google'),
      }),
    close: () => sandbox.close(),
  };
}

/**
 * googleapis-common keeps only the origin of a client's `rootUrl` (it resolves `/calendar/v3/...` against
 * it), so a fake under a prefix is reached through a fetch that puts the prefix back, as an integration's
 * own fetch does.
 */
export function underPrefix(prefix: string): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!url.pathname.startsWith(`${prefix}/`)) url.pathname = `${prefix}${url.pathname}`;
    return fetch(url, init);
  };
}

/** What a client call answered, checked against the discovery document. */
export function conforms(
  contract: DiscoveryContract,
  root: string,
  response: { config: { url?: string | URL; method?: string }; data: unknown },
): string {
  const url = new URL(String(response.config.url));
  const prefix = new URL(root).pathname;
  const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname.slice(1);
  const { methodId, errors } = contract.check(response.config.method ?? 'GET', path, response.data);
  expect(errors, `${methodId} ${path}`).toEqual([]);
  return methodId;
}

export const calendarContract = (): DiscoveryContract => loadDiscoveryContract('google-calendar-v3.discovery.json');
export const chatContract = (): DiscoveryContract => loadDiscoveryContract('google-chat-v1.discovery.json');
export const gmailContract = (): DiscoveryContract => loadDiscoveryContract('google-gmail-v1.discovery.json');

/** The Google error a failed client call carried: status and body. */
export async function googleFailure(call: Promise<unknown>): Promise<{
  status: number;
  body: { error: { code: number; message: string; errors: Array<{ reason: string }>; status?: string } };
}> {
  try {
    await call;
  } catch (error) {
    const { response } = error as { response?: { status: number; data: unknown } };
    if (!response) throw error;
    return { status: response.status, body: response.data as never };
  }
  throw new Error('the call succeeded');
}
