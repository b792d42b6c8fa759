import type { Client } from '@notionhq/client';
import { SANDBOX_CREDENTIALS } from '../../sandbox/credentials.js';
import { notionFake } from '../../sandbox/notion/index.js';
import type { IntegrationDemo } from '../integration.js';

/** Demo mode's Notion: the sandbox fake and each workspace's integration token. */
export const notionDemo: IntegrationDemo<{ token: string; baseUrl: string }> = {
  fake: notionFake,
  credentials: (workspace, fakeUrl) => ({ token: SANDBOX_CREDENTIALS[workspace].notion.token, baseUrl: fakeUrl }),
  probes: {
    read: { path: '/v1/users/me', send: (client) => (client as Client).users.me({}) },
    create: {
      path: '/v1/search',
      send: (client) => (client as Client).search({ query: 'handbook', filter: { property: 'object', value: 'page' } }),
    },
  },
};
