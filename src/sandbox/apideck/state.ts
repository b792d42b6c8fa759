import type { Person, WorkspaceIdentity } from '../seed/people.js';

/** The unified CRM resources the fake serves, by their path segment under `/crm`. */
export type CrmResource = 'companies' | 'contacts' | 'opportunities' | 'leads' | 'users';
export const CRM_RESOURCES: readonly CrmResource[] = ['companies', 'contacts', 'opportunities', 'leads', 'users'];

/** One unified record as Apideck returns it (fields of the resource's schema; only those that are set). */
export type CrmRecord = { id: string; created_at: string; updated_at: string } & Record<string, unknown>;

/** A consumer's connection to one connector (`<unified_api>+<service_id>`). */
export interface ConnectionRecord {
  unifiedApi: string;
  serviceId: string;
  /** Epoch ms. */
  createdAt: number;
  updatedAt: number;
  enabled: boolean;
}

/** A Hosted Vault session: the link a consumer follows to manage its connections. */
export interface VaultSession {
  token: string;
  consumerId: string;
  redirectUri?: string;
  /** Unified APIs shown; every one when empty. */
  unifiedApis: string[];
  vaultName?: string;
  primaryColor?: string;
  consumerMetadata?: Record<string, unknown>;
  /** Epoch ms. */
  expiresAt: number;
}

/**
 * One Apideck consumer: its connections and, per connected CRM, the records the CRM holds. Records sit
 * per consumer so that two consumers never see each other's.
 */
export interface ConsumerState {
  consumerId: string;
  /** The sandbox workspace whose people the records name; undefined for a consumer the fake met first in a request. */
  workspace?: WorkspaceIdentity;
  people: Person[];
  connections: ConnectionRecord[];
  /** The records of each CRM the consumer connected, by service id (a CRM connected later starts empty). */
  crms: Map<string, CrmRecords>;
  /** Ids of records created through the API. */
  sequence: number;
  /** User directory pages served (`GET /crm/users`): tests count them to see a cache work. */
  directoryReads?: number;
}

/** The fake's state of one sandbox workspace: its demo consumer (the demo tenant's `consumerId`). */
export interface UnifyState {
  consumer: ConsumerState;
}

/** One CRM's records, by resource and id. */
export type CrmRecords = Record<CrmResource, Map<string, CrmRecord>>;

/** The records a consumer's CRM of one service holds (empty until written). */
export function crmOf(consumer: ConsumerState, serviceId: string): CrmRecords {
  let records = consumer.crms.get(serviceId);
  if (!records) {
    records = {
      companies: new Map(),
      contacts: new Map(),
      opportunities: new Map(),
      leads: new Map(),
      users: new Map(),
    };
    consumer.crms.set(serviceId, records);
  }
  return records;
}
