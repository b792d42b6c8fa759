import { SANDBOX_CREDENTIALS } from '../../src/sandbox/credentials.js';
import { confluenceFake } from '../../src/sandbox/confluence/index.js';
import type { IntegrationDemo } from '../../src/integrations/integration.js';
import type { WikiApi } from './api.js';

/** Demo mode's Confluence: the sandbox fake and each workspace's bot email and API token. */
export const confluenceDemo: IntegrationDemo<{ baseUrl: string; email: string; apiToken: string }> = {
  fake: confluenceFake,
  credentials: (workspace, fakeUrl) => ({ ...SANDBOX_CREDENTIALS[workspace].confluence, baseUrl: fakeUrl }),
  probes: {
    read: {
      path: '/wiki/rest/api/user/current',
      send: (client) => (client as WikiApi).call((sdk) => sdk.users.getCurrentUser({})),
    },
    create: {
      path: '/wiki/api/v2/footer-comments',
      send: (client) =>
        (client as WikiApi).v2('POST', '/footer-comments', {
          data: { pageId: '10000002', body: { representation: 'storage', value: '<p>Contract probe</p>' } },
        }),
    },
  },
};
