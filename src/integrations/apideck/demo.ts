import type { IntegrationDemo } from '../integration.js';
import type { UnifyClient } from './client.js';
import type { UnifyCredentials } from './credentials.js';
import { SANDBOX_CREDENTIALS } from '../../sandbox/credentials.js';
import { unifyFake } from '../../sandbox/apideck/index.js';

/** Demo mode's Apideck: the sandbox fake, with the workspace's key of the sandbox application and its demo consumer. */
export const unifyDemo: IntegrationDemo<UnifyCredentials> = {
  fake: unifyFake,
  credentials: (workspace, fakeUrl) => ({ baseUrl: fakeUrl, ...SANDBOX_CREDENTIALS[workspace].unify }),
  // One key for every consumer: the tenant's consumerId chooses the data.
  platformAccount: {
    settings: (fakeUrl) => ({
      baseUrl: fakeUrl,
      apiKey: SANDBOX_CREDENTIALS.acme.unify.apiKey,
      appId: SANDBOX_CREDENTIALS.acme.unify.appId,
    }),
    consumerOf: (workspace) => SANDBOX_CREDENTIALS[workspace].unify.consumerId,
  },
  probes: {
    read: {
      path: '/crm/companies',
      send: async (client) => {
        const { crmCompaniesList } = await import('@apideck/unify/funcs/crmCompaniesList.js');
        return (client as UnifyClient).call((core) => crmCompaniesList(core, { limit: 5 }));
      },
    },
    create: {
      path: '/crm/companies',
      send: async (client) => {
        const { crmCompaniesCreate } = await import('@apideck/unify/funcs/crmCompaniesCreate.js');
        return (client as UnifyClient).call((core) =>
          crmCompaniesCreate(core, { company1: { name: 'Contract probe' } }),
        );
      },
    },
  },
};
