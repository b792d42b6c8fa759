import type { Caller } from '../toolkit/context.js';

/** The client name the audit and the activity feed show for the sync's calls. */
export const SYNC_CLIENT = 'sync';

/** Who the sync calls tools as: the tenant (tenant-wide systems) or one consenting user (per-user systems). */
export interface SyncCallers {
  /**
   * The tenant's own caller, carrying the connections an administrator kept for the tenant; besides
   * those, the client cache reads the installation's credential sources (environment, platform accounts).
   */
  tenant(tenantId: string, epoch: string): Promise<Caller>;
  /** The users of the tenant who stored credentials for an integration (the vault knows). */
  consentedUsers: (tenantId: string, integration: string) => Promise<string[]>;
}

export function userCaller(tenantId: string, epoch: string, userEmail: string): Caller {
  return { tenantId, tenantEpoch: epoch, userEmail, connections: {}, client: SYNC_CLIENT };
}
