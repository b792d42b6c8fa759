/**
 * The integrations a tenant authorizes through the Vault (spec: Document 2, Integration), as the systems
 * declare them, and how their unified API names map to Apideck's own unified API ids.
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
const SPEC_UNIFIED_APIS = ['issue-tracking', 'crm', 'messaging', 'file-storage', 'calendar'] as const;

/** An integration a tenant authorizes through the Vault: a system's, under the spec's id (`notes` for the unified notes). */
export interface VaultIntegration {
  id: string;
  name: string;
  unifiedApi: (typeof SPEC_UNIFIED_APIS)[number];
  description: string;
}

/** How a system's manifest declares its vault integration: the integration and its place in the spec's list. */
export interface VaultListing {
  integration: VaultIntegration;
  /** Position in the spec's list of integrations (Document 2), lowest first: the order `/auth/integrations` answers in. */
  position: number;
}

/** The vault integrations the systems declare, in the spec's order; an id declared twice is a catalog error. */
export function vaultIntegrationsOf(listings: readonly VaultListing[]): VaultIntegration[] {
  const integrations = [...listings].sort((a, b) => a.position - b.position).map((listing) => listing.integration);
  const ids = integrations.map((integration) => integration.id);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice) throw new Error(`Two systems declare the vault integration ${twice}`);
  return integrations;
}

/** Names a caller may give in `unifiedApis`: the spec's and Apideck's. */
export const KNOWN_UNIFIED_APIS: readonly string[] = [
  ...new Set<string>([...SPEC_UNIFIED_APIS, ...APIDECK_UNIFIED_APIS]),
];

/** Apideck's id of a unified API name (the spec's `messaging` is Apideck's `team-messaging`). */
export function apideckUnifiedApi(name: string): string {
  return name === 'messaging' ? 'team-messaging' : name;
}
