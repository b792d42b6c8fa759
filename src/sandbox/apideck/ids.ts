import type { CrmResource } from './state.js';

/** Salesforce's key prefixes of the objects behind each unified resource. */
const SALESFORCE_PREFIX: Record<CrmResource, string> = {
  companies: '001',
  contacts: '003',
  opportunities: '006',
  leads: '00Q',
  users: '005',
};
/** HubSpot's numeric ids, one range per object type. */
const HUBSPOT_BASE: Record<CrmResource, number> = {
  companies: 9_100_000_000,
  contacts: 9_200_000_000,
  opportunities: 9_300_000_000,
  leads: 9_400_000_000,
  users: 9_500_000,
};

/** The downstream CRM's id of its `n`-th record of a resource: Salesforce's 18-character ids, HubSpot's numbers. */
export function recordId(serviceId: string, resource: CrmResource, n: number): string {
  if (serviceId === 'hubspot') return String(HUBSPOT_BASE[resource] + n);
  return `${SALESFORCE_PREFIX[resource]}Dn${String(n).padStart(13, '0')}`;
}
