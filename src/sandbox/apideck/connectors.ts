/**
 * The connectors of the sandbox's Apideck application: the unified API each belongs to and, for the
 * connectors reached through the Proxy API, the provider's real base URL and the sandbox fake serving it.
 */
export interface Connector {
  serviceId: string;
  name: string;
  unifiedApi: string;
  website: string;
  tagLine: string;
  /** Proxy API: the provider's base URL a downstream URL must start with, and the sandbox prefix it maps to. */
  downstream?: { base: string; sandboxPrefix: string };
}

export const CONNECTORS: readonly Connector[] = [
  {
    serviceId: 'salesforce',
    name: 'Salesforce',
    unifiedApi: 'crm',
    website: 'https://www.salesforce.com',
    tagLine: 'CRM software solutions and enterprise cloud computing.',
  },
  {
    serviceId: 'hubspot',
    name: 'HubSpot',
    unifiedApi: 'crm',
    website: 'https://www.hubspot.com',
    tagLine: 'Inbound marketing, sales and service software.',
  },
  {
    serviceId: 'google-calendar',
    name: 'Google Calendar',
    unifiedApi: 'calendar',
    website: 'https://calendar.google.com',
    tagLine: 'Online calendar by Google.',
    downstream: { base: 'https://www.googleapis.com/', sandboxPrefix: '/google/' },
  },
  {
    serviceId: 'slack',
    name: 'Slack',
    unifiedApi: 'team-messaging',
    website: 'https://slack.com',
    tagLine: 'Team messaging.',
    downstream: { base: 'https://slack.com/api/', sandboxPrefix: '/slack/api/' },
  },
  {
    serviceId: 'notion',
    name: 'Notion',
    unifiedApi: 'file-storage',
    website: 'https://www.notion.so',
    tagLine: 'The connected workspace for docs and wikis.',
    downstream: { base: 'https://api.notion.com/', sandboxPrefix: '/notion/' },
  },
  {
    serviceId: 'jira',
    name: 'Jira',
    unifiedApi: 'issue-tracking',
    website: 'https://www.atlassian.com/software/jira',
    tagLine: 'Issue and project tracking.',
  },
  {
    serviceId: 'github',
    name: 'GitHub',
    unifiedApi: 'issue-tracking',
    website: 'https://github.com',
    tagLine: 'Code hosting and issues.',
  },
];

export { APIDECK_UNIFIED_APIS as UNIFIED_API_IDS } from '../../integrations/apideck/unified-apis.js';

export function connectorOf(unifiedApi: string, serviceId: string): Connector | undefined {
  return CONNECTORS.find((c) => c.unifiedApi === unifiedApi && c.serviceId === serviceId);
}

/** What each demo consumer has connected: acme runs Salesforce, globex HubSpot; both their calendar, chat and notes. */
export const DEMO_CONNECTIONS: Readonly<Record<string, readonly string[]>> = {
  acme: ['crm+salesforce', 'calendar+google-calendar', 'team-messaging+slack', 'file-storage+notion'],
  globex: ['crm+hubspot', 'calendar+google-calendar', 'team-messaging+slack', 'file-storage+notion'],
};
