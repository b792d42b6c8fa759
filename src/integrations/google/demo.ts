import { SUITE_SCOPES } from './oauth.js';
import type { IntegrationDemo } from '../integration.js';
import { SANDBOX_CREDENTIALS } from '../../sandbox/credentials.js';
import { googleFake, grantAhead, type GoogleState } from '../../sandbox/google/index.js';
import type { GoogleClients } from './clients.js';

/** The sandbox's Google OAuth client; one app serves every workspace, as one Google Cloud project would. */
const SANDBOX_GOOGLE_CLIENT = {
  clientId: SANDBOX_CREDENTIALS.acme.google.clientId,
  clientSecret: SANDBOX_CREDENTIALS.acme.google.clientSecret,
};

/** Demo mode's Google: the sandbox fake, and each person's consent given ahead of time. */
export const googleDemo: IntegrationDemo<{ apiBase: string }> = {
  fake: googleFake,
  credentials: (_workspace, fakeUrl) => ({ apiBase: fakeUrl }),
  oauthClient: SANDBOX_GOOGLE_CLIENT,
  consentAhead: (state, person, now) => ({
    ...grantAhead(state as GoogleState, now, {
      personIndex: person,
      clientId: SANDBOX_GOOGLE_CLIENT.clientId,
      scopes: SUITE_SCOPES,
    }),
    scopes: SUITE_SCOPES,
  }),
  probes: {
    read: {
      path: '/calendar/v3/users/me/calendarList',
      send: async (client) => (await (client as GoogleClients).calendar()).calendarList.list(),
    },
    create: {
      path: '/calendar/v3/calendars/primary/events',
      send: async (client) =>
        (await (client as GoogleClients).calendar()).events.insert({
          calendarId: 'primary',
          requestBody: {
            summary: 'Contract probe',
            start: { dateTime: '2026-11-24T10:00:00Z' },
            end: { dateTime: '2026-11-24T10:30:00Z' },
          },
        }),
    },
  },
};
