import { createHash } from 'node:crypto';
import type { Caller, ClientMap, ClientProvider, Clock, IntegrationId } from '../toolkit/context.js';
import { AppError } from '../toolkit/errors.js';

/** Builds the SDK client of one integration from the caller's credentials for it. */
export type ClientFactory<K extends IntegrationId> = (credentials: Record<string, unknown>, caller: Caller) => ClientMap[K];

export type ClientFactories = { [K in IntegrationId]?: ClientFactory<K> };

interface Entry {
  client: unknown;
  expiresAt: number;
}

export const CONNECTION_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Per-tenant cache of SDK clients, keyed by tenant, integration and a digest of the credentials (a
 * token with new credentials gets a new client; two tenants never share one). Entries live 24 hours.
 */
export class ConnectionCache implements ClientProvider {
  private readonly entries = new Map<string, Map<string, Entry>>();

  constructor(private readonly factories: ClientFactories, private readonly clock: Clock, private readonly ttlMs = CONNECTION_TTL_MS) {}

  get<K extends IntegrationId>(caller: Caller, integration: K): ClientMap[K] {
    const factory = this.factories[integration] as ClientFactory<K> | undefined;
    if (!factory) throw new AppError('NOT_CONFIGURED', `No connector is installed for ${integration}`);
    const credentials = caller.connections[integration];
    if (!credentials || Object.keys(credentials).length === 0) {
      throw new AppError('NOT_CONFIGURED', `The token carries no credentials for ${integration}: request a token whose connections include "${integration}"`);
    }
    const key = `${integration}:${createHash('sha256').update(JSON.stringify(credentials)).digest('base64url')}`;
    let tenant = this.entries.get(caller.tenantId);
    if (!tenant) this.entries.set(caller.tenantId, (tenant = new Map()));
    const now = this.clock.now();
    const cached = tenant.get(key);
    if (cached && cached.expiresAt > now) return cached.client as ClientMap[K];
    const client = factory(credentials, caller);
    tenant.set(key, { client, expiresAt: now + this.ttlMs });
    return client;
  }

  stats(tenantId: string): { tenant_id: string; total_connections: number; connections_by_type: Record<string, number> } {
    const now = this.clock.now();
    const byType: Record<string, number> = {};
    for (const [key, entry] of this.entries.get(tenantId) ?? []) {
      if (entry.expiresAt <= now) continue;
      const type = key.slice(0, key.indexOf(':'));
      byType[type] = (byType[type] ?? 0) + 1;
    }
    return { tenant_id: tenantId, total_connections: Object.values(byType).reduce((a, b) => a + b, 0), connections_by_type: byType };
  }

  /** Drops a tenant's cached clients, of one integration or all; returns how many were removed. */
  clear(tenantId: string, integration?: string): number {
    const tenant = this.entries.get(tenantId);
    if (!tenant) return 0;
    let removed = 0;
    for (const key of [...tenant.keys()]) {
      if (!integration || key.startsWith(`${integration}:`)) {
        tenant.delete(key);
        removed++;
      }
    }
    return removed;
  }
}
