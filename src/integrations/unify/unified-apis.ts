/**
 * The integrations a tenant authorizes through the Vault (spec: Document 2, Integration) and how their
 * unified API names map to Apideck's own unified API ids.
 */

/** Apideck's unified API ids (the `UnifiedApiId` enum of its Vault description). */
export const APIDECK_UNIFIED_APIS = [
  'accounting',
  'ats',
  'calendar',
  'crm',
  'csp',
  'customer-support',
  'ecommerce',
  'email',
  'email-marketing',
  'expense-management',
  'file-storage',
  'form',
  'hris',
  'lead',
  'payroll',
  'pos',
  'procurement',
  'project-management',
  'script',
  'sms',
  'spreadsheet',
  'subscription-analytics',
  'team-messaging',
  'issue-tracking',
  'time-registration',
  'transactional-email',
  'vault',
  'data-warehouse',
] as const;

/** The spec's unified API names; `messaging` is Apideck's `team-messaging`, the others are Apideck's ids as they are. */
type SpecUnifiedApi = 'issue-tracking' | 'crm' | 'messaging' | 'file-storage' | 'calendar';

interface VaultIntegration {
  id: 'ticketing' | 'code_host' | 'crm' | 'team_chat' | 'notes' | 'calendar';
  name: string;
  unifiedApi: SpecUnifiedApi;
  description: string;
}

export const VAULT_INTEGRATIONS: readonly VaultIntegration[] = [
  {
    id: 'ticketing',
    name: 'Ticketing',
    unifiedApi: 'issue-tracking',
    description: 'Issues, projects and sprints of the issue tracker (Jira)',
  },
  {
    id: 'code_host',
    name: 'Code host',
    unifiedApi: 'issue-tracking',
    description: 'Repositories, pull requests and issues of the code host (GitHub)',
  },
  {
    id: 'crm',
    name: 'CRM',
    unifiedApi: 'crm',
    description: 'Accounts, contacts, leads and opportunities of the CRM (Salesforce, HubSpot...)',
  },
  {
    id: 'team_chat',
    name: 'Team chat',
    unifiedApi: 'messaging',
    description: 'Channels, messages and members of the team chat (Slack)',
  },
  {
    id: 'notes',
    name: 'Notes',
    unifiedApi: 'file-storage',
    description: 'Databases, pages, folders and comments of the notes workspace (Notion)',
  },
  {
    id: 'calendar',
    name: 'Calendar',
    unifiedApi: 'calendar',
    description: 'Calendars, events and free-busy of the calendar (Google Calendar)',
  },
];

/** Names a caller may give in `unifiedApis`: the spec's and Apideck's. */
export const KNOWN_UNIFIED_APIS: readonly string[] = [
  ...new Set<string>([...VAULT_INTEGRATIONS.map((i) => i.unifiedApi), ...APIDECK_UNIFIED_APIS]),
];

/** Apideck's id of a unified API name (the spec's `messaging` is Apideck's `team-messaging`). */
export function apideckUnifiedApi(name: string): string {
  return name === 'messaging' ? 'team-messaging' : name;
}
