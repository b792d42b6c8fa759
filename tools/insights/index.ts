import type { SystemManifest } from '../../src/catalog/manifest.js';
import type { SystemRecord } from '../../src/toolkit/registry.js';
import { jiraIntegration } from '../../src/integrations/atlassian/jira.js';
import { githubIntegration } from '../../src/integrations/github/integration.js';
import { confluenceIntegration } from '../../src/integrations/atlassian/confluence.js';
import { googleIntegration } from '../../src/integrations/google/integration.js';
import { slackIntegration } from '../../src/integrations/slack/integration.js';
import { getDeliveryFlow } from './delivery-flow/tool.js';
import { getMyWork } from './my-work/tool.js';
import { phrasings } from './phrasings.js';

const insightsSystem: SystemRecord = {
  id: 'insights',
  name: 'Insights (across systems)',
  description:
    'Figures no single system holds: work followed across Jira tickets, GitHub pull requests, reviews and deployments; a person’s open work in every system.',
  keywords: ['delivery flow', 'ticket to deploy', 'lead time', 'value stream', 'bottleneck', 'cross-system'],
  when_to_use:
    'Questions that join systems: how tickets travel through pull requests to deployment and where the time goes.',
  search: { phrasings, across: true },
};

/** Each tool of the system, by the upstreams it joins; every one reads through the systems' own clients. */
const insightsTools = [
  // delivery
  getDeliveryFlow,
  // a person's open work
  getMyWork,
];

/**
 * Cross-system tools: read Jira, GitHub and Confluence with the clients of `ticketing`, `code_host` and
 * `wiki`, and the caller's own Google Calendar and Slack with the per-user clients of `suite` and `chat`.
 */
export const manifest: SystemManifest = {
  system: insightsSystem,
  tools: insightsTools,
  integrations: [jiraIntegration, githubIntegration, confluenceIntegration, googleIntegration, slackIntegration],
  synonyms: {
    bottleneck: ['wait', 'flow'],
    bottlenecks: ['wait', 'flow'],
  },
};
