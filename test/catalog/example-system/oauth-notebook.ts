import { z } from 'zod';
import type { OAuthUpstream } from '../../../src/auth/oauth/upstream.js';
import type { SystemManifest } from '../../../src/catalog/manifest.js';
import { classifyByStatus, upstreamError } from '../../../src/integrations/http-status.js';
import { defineIntegration, type UpstreamFetch } from '../../../src/integrations/integration.js';
import { userTokenFetch } from '../../../src/integrations/user-token-fetch.js';
import { defineTool } from '../../../src/toolkit/define-tool.js';
import { NOTEBOOK_CLIENT, notebookFake } from './oauth-fake.js';

/**
 * A system that acts for each user, in its own files: a notebook upstream people authorize one by one
 * (its OAuth provider and route form), its per-user integration, fake and tool. The test adds it to the
 * catalog without touching any central file; its consent flow is served at `/oauth/notebook/*`.
 */

const NOTEBOOK = 'https://notebook.example';

/** Reads a JSON answer, or throws one the integration's error mapping knows. */
async function answerOf<T>(response: Response): Promise<T> {
  if (!response.ok) throw Object.assign(new Error(`notebook answered ${response.status}`), { notebook: response });
  return (await response.json()) as T;
}

/** The notebook's OAuth 2.0 server, spoken with plain fetch (no library to load). */
export const notebookOAuth: OAuthUpstream = {
  id: 'notebook',
  title: 'Notebook',
  configure: 'NOTEBOOK_CLIENT_ID and NOTEBOOK_CLIENT_SECRET',
  clientIn: () => undefined,
  provider: (client, { at = NOTEBOOK }) => ({
    id: 'notebook',
    title: 'Notebook',
    pkce: false,
    authorizationUrl: ({ state, redirectUri, loginHint }) =>
      `${at}/authorize?${new URLSearchParams({ client_id: client.clientId, redirect_uri: redirectUri, state, login_hint: loginHint ?? '' }).toString()}`,
    async exchangeCode({ code, redirectUri }) {
      const form = {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_secret: client.clientSecret,
      };
      const tokens = await answerOf<{ access_token: string; scope: string }>(
        await fetch(`${at}/token`, { method: 'POST', body: new URLSearchParams(form) }),
      );
      const me = await answerOf<{ email: string }>(
        await fetch(`${at}/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } }),
      );
      return { accessToken: tokens.access_token, scopes: tokens.scope.split(' '), accountEmail: me.email };
    },
    refresh: () => Promise.reject(new Error('notebook tokens do not expire')),
    async revoke(tokens) {
      await fetch(`${at}/revoke`, { method: 'POST', body: new URLSearchParams({ token: tokens.accessToken }) });
    },
  }),
  routes: {
    shape: 'consent-link',
    errors: { authorizationStatus: 401 },
    summaries: {
      authorize: 'Start a user’s notebook authorization',
      callback: 'The notebook’s redirect back',
      status: 'Whether the calling user has authorized the notebook',
      revoke: 'Revoke the calling user’s notebook authorization',
    },
    consentPage: 'The notebook’s consent page',
    revoked: 'Notebook authorization revoked',
  },
};

export class NotebookClient {
  constructor(
    private readonly apiBase: string,
    private readonly fetch: UpstreamFetch,
  ) {}

  async notes(): Promise<Array<{ id: string; title: string }>> {
    return (await answerOf<{ notes: Array<{ id: string; title: string }> }>(await this.fetch(`${this.apiBase}/notes`)))
      .notes;
  }
}

declare module '../../../src/toolkit/context.js' {
  interface ClientMap {
    notebook: NotebookClient;
  }
}

const Credentials = z.object({ apiBase: z.url().optional() });

export const notebookIntegration = defineIntegration({
  id: 'notebook',
  title: 'Notebook',
  connectionKeys: ['notebook'],
  credentials: Credentials,
  sources: ['vault'],
  createClient: (credentials: z.infer<typeof Credentials>, ctx) =>
    new NotebookClient(credentials.apiBase ?? NOTEBOOK, userTokenFetch(ctx)),
  classifyResponse: classifyByStatus('Notebook'),
  mapError: (error) => {
    const response = (error as { notebook?: Response } | null)?.notebook;
    return response ? upstreamError({ status: response.status, cause: error }, 'Notebook') : undefined;
  },
  demo: async () => ({
    fake: notebookFake,
    credentials: (_workspace, fakeUrl) => ({ apiBase: fakeUrl }),
    oauthClient: NOTEBOOK_CLIENT,
    probes: {
      read: { path: '/notes', send: (client) => (client as NotebookClient).notes() },
      create: { path: '/notes', send: async () => undefined },
    },
  }),
});

export const listNotes = defineTool({
  system: 'notebook',
  name: 'list_notes',
  description: 'The calling user’s own notes.',
  capability: { type: 'read', name: 'notebook.notes.list' },
  input: z.object({}),
  list: { key: 'notes' },
  item: z.object({ id: z.string().describe('Note id'), title: z.string() }),
  hints: {
    aliases: ['my notes'],
    when_to_use: 'What the user wrote down in their notebook.',
    not_for: 'Team pages (notes_search).',
    examples: [{ query: 'my notes', tool: 'list_notes', params: {} }],
  },
  async run({ client }) {
    return { items: await client('notebook').notes() };
  },
});

export const manifest: SystemManifest = {
  system: {
    id: 'notebook',
    name: 'Notebook',
    description: 'Each user’s own notebook.',
    keywords: ['notebook'],
    when_to_use: 'The user’s notes.',
  },
  tools: [listNotes],
  integrations: [notebookIntegration],
  authorization: { family: 'notebook', upstream: notebookOAuth },
};
