import type { SystemManifest } from '../../src/catalog/manifest.js';
import type { SystemRecord } from '../../src/toolkit/registry.js';
import { jiraIntegration } from '../../src/integrations/atlassian/jira.js';
import { githubIntegration } from '../../src/integrations/github/integration.js';
import { getDeliveryFlow } from './delivery-flow/tool.js';

const insightsSystem: SystemRecord = {
  id: 'insights',
  name: 'Insights (across systems)',
  description:
    'Figures no single system holds: work followed across Jira tickets, GitHub pull requests, reviews and deployments.',
  keywords: ['delivery flow', 'ticket to deploy', 'lead time', 'value stream', 'bottleneck', 'cross-system'],
  when_to_use:
    'Questions that join systems: how tickets travel through pull requests to deployment and where the time goes.',
};

/** Each tool of the system, by the upstreams it joins; every one reads through the systems' own clients. */
const insightsTools = [
  // delivery
  getDeliveryFlow,
];

/** Cross-system analytics: reads Jira and GitHub with the clients of `ticketing` and `code_host`. */
export const manifest: SystemManifest = {
  system: insightsSystem,
  tools: insightsTools,
  integrations: [jiraIntegration, githubIntegration],
  synonyms: {
    bottleneck: ['wait', 'flow'],
    bottlenecks: ['wait', 'flow'],
  },
};
