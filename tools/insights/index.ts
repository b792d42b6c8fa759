import { access } from './access.js';
import type { SystemManifest } from '../../src/catalog/manifest.js';
import type { SystemRecord } from '../../src/toolkit/registry.js';
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
  ...access,
  synonyms: {
    bottleneck: ['wait', 'flow'],
    bottlenecks: ['wait', 'flow'],
  },
};
