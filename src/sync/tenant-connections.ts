import { validationError } from '../auth/tenants.js';
import type { CredentialVault, VaultOwner } from '../auth/vault/index.js';
import type { AnyIntegration } from '../integrations/integration.js';
import type { Caller } from '../toolkit/context.js';
import { AppError } from '../toolkit/errors.js';

/**
 * The vault row owner of a tenant's own connections: no user (an email is never empty), so no user's
 * grants, consent lists or OAuth flows ever meet them.
 */
const tenantOwner = (tenantId: string): VaultOwner => ({ tenantId, userEmail: '' });
const PREFIX = 'tenant:';
const providerOf = (integration: string) => `${PREFIX}${integration}`;

/**
 * Credentials an administrator keeps for a tenant's tenant-wide systems (GitHub, Jira, Confluence,
 * Notion), for the background sync, which runs with no caller's token to carry them. Sealed in the vault
 * like a user's grants (rotated, re-sealed and purged with the tenant alike), never returned by any
 * route: only which integrations have them. Calls of people keep using their own token's connections.
 */
export class TenantConnections {
  private readonly byId: ReadonlyMap<string, AnyIntegration>;

  constructor(
    private readonly vault: CredentialVault,
    integrations: readonly AnyIntegration[],
  ) {
    // Only what a caller's token can carry: per-user grants are the users' own, and the platform's
    // accounts already act for the tenant.
    this.byId = new Map(integrations.filter((i) => i.sources.includes('jwt')).map((i) => [i.id, i]));
  }

  /** The integrations a tenant's connection may be kept for. */
  get kept(): string[] {
    return [...this.byId.keys()].sort();
  }

  async put(tenantId: string, integrationId: string, body: unknown): Promise<void> {
    const integration = this.integration(integrationId);
    const parsed = integration.credentials.safeParse(body);
    if (!parsed.success) throw validationError(parsed.error);
    await this.vault.put(tenantOwner(tenantId), providerOf(integration.id), parsed.data);
  }

  /** True when there was one. */
  remove(tenantId: string, integrationId: string): Promise<boolean> {
    return this.vault.delete(tenantOwner(tenantId), providerOf(this.integration(integrationId).id));
  }

  /** The integrations the tenant has a connection kept for. */
  async list(tenantId: string): Promise<string[]> {
    return (await this.vault.providersOf(tenantOwner(tenantId)))
      .filter((provider) => provider.startsWith(PREFIX))
      .map((provider) => provider.slice(PREFIX.length))
      .filter((id) => this.byId.has(id))
      .sort();
  }

  /** The kept connections as a token's `connections` carry them. */
  async connectionsOf(tenantId: string): Promise<Caller['connections']> {
    const connections: Caller['connections'] = {};
    for (const id of await this.list(tenantId)) {
      const integration = this.byId.get(id)!;
      const credentials = await this.vault.get(tenantOwner(tenantId), providerOf(id));
      if (credentials) connections[integration.connectionKeys[0]] = credentials;
    }
    return connections;
  }

  private integration(id: string): AnyIntegration {
    const integration = this.byId.get(id);
    if (!integration)
      throw new AppError(
        'VALIDATION_ERROR',
        `integration: a tenant connection is kept for ${this.kept.join(', ')}, not ${JSON.stringify(id)}`,
      );
    return integration;
  }
}
