import { access } from './access.js';
import type { SystemManifest } from '../../src/catalog/manifest.js';
import type { SystemRecord } from '../../src/toolkit/registry.js';
import { extractCrm } from './extractor.js';
import { vaultAuthRoutes } from '../../src/integrations/apideck/routes.js';
import { accountTools, contactTools, leadTools, opportunityTools } from './resources.js';
import { crmRoutes } from './rest.js';
import { outline } from './outline.js';
import { phrasings } from './phrasings.js';

const crmSystem: SystemRecord = {
  id: 'crm',
  name: 'CRM (unified: Salesforce, HubSpot, ...)',
  description:
    "Customer accounts, contacts, leads and opportunities (deals) of the tenant's connected CRM, through the Apideck unified API.",
  keywords: [
    'crm',
    'salesforce',
    'hubspot',
    'account',
    'customer',
    'contact',
    'lead',
    'prospect',
    'opportunity',
    'deal',
    'pipeline',
    'sales',
  ],
  when_to_use: 'Questions about customers, prospects, sales deals and the pipeline.',
  search: { names: ['crm', 'salesforce', 'hubspot'], phrasings },
};

const resources = [accountTools, contactTools, leadTools, opportunityTools];

/** The unified CRM as the `crm` system: the same tools serve MCP and the `/crm/*` routes. */
export const manifest: SystemManifest = {
  system: crmSystem,
  tools: resources.flatMap((r) => [r.list, r.create, r.get, r.update]),
  ...access,
  vault: {
    integration: {
      id: 'crm',
      name: 'CRM',
      unifiedApi: 'crm',
      description: 'Accounts, contacts, leads and opportunities of the CRM (Salesforce, HubSpot...)',
    },
    position: 2,
  },
  rest: { routes: [crmRoutes], upstreamRoutes: [vaultAuthRoutes], ownsBarePaths: true },
  extractor: extractCrm,
  entityTypes: outline.entityTypes,
  synonyms: {
    deal: ['opportunity'],
    deals: ['opportunity'],
    pipeline: ['opportunity'],
    customer: ['account'],
    customers: ['account'],
    company: ['account'],
    companies: ['account'],
    prospect: ['lead'],
    prospects: ['lead'],
  },
};
