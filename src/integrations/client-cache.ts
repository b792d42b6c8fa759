import { createHash } from 'node:crypto';
import type { Caller, ClientMap, ClientProvider, Clock, IntegrationId, Logger } from '../toolkit/context.js';
import { AppError } from '../toolkit/errors.js';
import { credentialRemedy, resolveCredentials, type CredentialSource, type Credentials } from './credentials.js';
import type { AnyIntegration, ClientContext, CredentialSourceId, UserGrant } from './integration.js';
import { createUpstreamFetch } from './upstream-fetch.js';

/** A user of a tenant, as per-user authorizations are keyed. */
interface GrantOwner {
  tenantId: string;
  userEmail: string;
}

/**
 * Who holds each user's tokens for an integration that acts for each user (an OAuth flow): the
 * cache asks it for fresh tokens per request, and for the error that tells an unauthorized user
 * where to consent.
 */
export interface UserAuthority {
  tokens(owner: GrantOwner, options?: { afterUnauthorized?: boolean }): Promise<UserGrant>;
  authorizationRequired(owner: GrantOwner): Error;
  /** The generation of the user's grant (see GrantGenerations): changes on replace or removal, not on refresh. */
  grantGeneration(owner: GrantOwner): string;
}

/** Maps validated credentials to the ones a client is built from. */
export type CredentialRewrite = (credentials: Credentials, integration: AnyIntegration) => Credentials;

interface ClientCacheOptions {
  /**
   * Applied in order to validated credentials before a client is built from them (demo mode resolves its
   * stable sandbox references to the running sandbox's address); the cache key covers the rewritten form.
   */
  credentialRewrites?: readonly CredentialRewrite[];
  /**
   * By integration id, the integrations that act for each user: their credentials come from the user's
   * own authorization, their clients get the user's tokens per request, and a user who has not
   * authorized is told where to.
   */
  userAuthorities?: ReadonlyMap<string, UserAuthority>;
  /** How long a client is kept (24 hours by default). */
  ttlMs?: number;
}

interface Entry {
  client: unknown;
  /** The connection type it is counted and cleared under (the spec's integration id, e.g. `code_host`). */
  type: string;
  integration: string;
  /** The generation of the tenant it was built for (none for the demo mode's caller without a token). */
  epoch: string | undefined;
  expiresAt: number;
}

const CONNECTION_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * SDK clients per tenant, built from the credentials the integration's sources yield, keyed by
 * integration and a digest of those credentials (new credentials get a new client; two tenants never
 * share one). Entries live 24 hours. Every client reaches the network through its integration's
 * retrying fetch. A tenant's clients belong to its epoch: a tenant deleted and created again on another
 * node of a fleet (where `clear` did not run) starts with none.
 */
export class ClientCache implements ClientProvider {
  private readonly entries = new Map<string, Map<string, Entry>>();
  private readonly integrations: ReadonlyMap<string, AnyIntegration>;
  private readonly sources: ReadonlyMap<CredentialSourceId, CredentialSource>;
  private readonly checkedCredentials = new WeakMap<
    Credentials,
    { integration: string; credentials: Credentials; key: string }
  >();
  private readonly rewrites: readonly CredentialRewrite[];
  private readonly ttlMs: number;
  private readonly authorities: ReadonlyMap<string, UserAuthority>;

  constructor(
    integrations: readonly AnyIntegration[],
    sources: readonly CredentialSource[],
    private readonly clock: Clock,
    private readonly log: Logger,
    options: ClientCacheOptions = {},
  ) {
    this.integrations = new Map(integrations.map((i) => [i.id, i]));
    this.sources = new Map(sources.map((s) => [s.id, s]));
    this.rewrites = options.credentialRewrites ?? [];
    this.ttlMs = options.ttlMs ?? CONNECTION_TTL_MS;
    this.authorities = options.userAuthorities ?? new Map();
  }

  /**
   * The integration ids a caller can use (the exposure policy lists only their tools): those it has
   * credentials for, and those it can authorize itself, so a call can answer with the consent link.
   * `among` limits the question to those integrations (a call needs only its tool's: each one asked may
   * read a store).
   */
  async available(caller: Caller, among?: readonly string[]): Promise<Set<string>> {
    // The authority is asked first: it needs no stored row read (and no vault decryption).
    const usable = async (i: AnyIntegration) =>
      (this.authorities.has(i.id) && !!caller.userEmail) ||
      (await resolveCredentials(caller, i, this.sources)) !== undefined;
    const integrations = among
      ? among.flatMap((id) => this.integrations.get(id) ?? [])
      : [...this.integrations.values()];
    const usability = await Promise.all(integrations.map(usable));
    return new Set(integrations.filter((_, index) => usability[index]).map((i) => i.id));
  }

  async accessDigest(caller: Caller, integrationIds?: readonly string[]): Promise<string> {
    // A per-user integration's access is the user's grant: its tokens change with every refresh, while
    // the user and the grant's generation change only when the grant is replaced or removed. Neither
    // needs the vault read (nor its decryption).
    const accessOf = async (i: AnyIntegration) => {
      const authority = this.authorities.get(i.id);
      if (authority)
        return caller.userEmail
          ? {
              user: caller.userEmail.toLowerCase(),
              grant: authority.grantGeneration({ tenantId: caller.tenantId, userEmail: caller.userEmail }),
            }
          : null;
      return (await resolveCredentials(caller, i, this.sources))?.credentials ?? null;
    };
    const chosen = [...this.integrations.values()].filter((i) => !integrationIds || integrationIds.includes(i.id));
    const resolved = await Promise.all(chosen.map(async (i) => [i.id, await accessOf(i)]));
    // The epoch: what was cached under a deleted tenant is never the access of one created again.
    const access = JSON.stringify([caller.tenantEpoch ?? null, resolved]);
    return createHash('sha256').update(access).digest('base64url').slice(0, 22);
  }

  /**
   * Credentials validated by the integration's schema, with their cache key. Remembered per credentials
   * object: a remembered token's caller hands the same object to every call, so a busy caller pays for
   * the parse and the digest once.
   */
  private checked(
    integration: AnyIntegration,
    raw: Credentials,
    source: CredentialSourceId,
  ): { credentials: Credentials; key: string } {
    const known = this.checkedCredentials.get(raw);
    if (known?.integration === integration.id) return known;
    const parsed = integration.credentials.safeParse(raw);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(root)').join(', ');
      throw new AppError(
        'NOT_CONFIGURED',
        `The ${integration.title} credentials (${source}) are incomplete or invalid: ${fields}`,
      );
    }
    const credentials = this.rewrites.reduce((current, rewrite) => rewrite(current, integration), parsed.data);
    const key = `${integration.id}:${createHash('sha256').update(JSON.stringify(credentials)).digest('base64url')}`;
    const checked = { integration: integration.id, credentials, key };
    this.checkedCredentials.set(raw, checked);
    return checked;
  }

  async get<K extends IntegrationId>(caller: Caller, id: K): Promise<ClientMap[K]> {
    const integration = this.integrations.get(id);
    if (!integration) throw new AppError('NOT_CONFIGURED', `No connector is installed for ${id}`);
    const found = await resolveCredentials(caller, integration, this.sources);
    const type = integration.connectionKeys[0] ?? id;
    const authority = this.authorities.get(id);
    const owner =
      authority && caller.userEmail ? { tenantId: caller.tenantId, userEmail: caller.userEmail } : undefined;
    if (!found && authority && owner) throw authority.authorizationRequired(owner);
    if (!found) {
      const remedy = credentialRemedy([integration], this.sources);
      throw new AppError('NOT_CONFIGURED', `No ${integration.title} credentials: ${remedy}`);
    }
    const checked = this.checked(integration, found.credentials, found.source);
    const { credentials } = checked;
    // A per-user client is bound to its user's tokens, so the user is part of its key.
    const forEpoch = `${checked.key}:${JSON.stringify(caller.tenantEpoch ?? null)}`;
    const key = owner ? `${forEpoch}:${JSON.stringify(owner.userEmail.toLowerCase())}` : forEpoch;
    let tenant = this.entries.get(caller.tenantId);
    if (!tenant) this.entries.set(caller.tenantId, (tenant = new Map<string, Entry>()));
    const now = this.clock.now();
    const cached = tenant.get(key);
    if (cached && cached.expiresAt > now) return cached.client as ClientMap[K];
    const context: ClientContext = {
      caller,
      fetch: createUpstreamFetch(integration, integration.transport),
      log: this.log,
    };
    if (authority && owner) context.grant = { current: (options) => authority.tokens(owner, options) };
    const created = integration.createClient(credentials, context);
    // Only a client whose SDK loads with it waits: the others are cached in the same turn, as before.
    const client = created instanceof Promise ? await created : created;
    if (caller.tenantEpoch !== undefined) dropOtherEpochs(tenant, caller.tenantEpoch);
    tenant.set(key, { client, type, integration: id, epoch: caller.tenantEpoch, expiresAt: now + this.ttlMs });
    return client as ClientMap[K];
  }

  /** What a caller can do to get these integrations' credentials on this server. */
  remedyFor(missing: readonly AnyIntegration[]): string {
    return credentialRemedy(missing, this.sources);
  }

  stats(tenantId: string): {
    tenant_id: string;
    total_connections: number;
    connections_by_type: Record<string, number>;
  } {
    const now = this.clock.now();
    const byType: Record<string, number> = {};
    for (const entry of this.entries.get(tenantId)?.values() ?? []) {
      if (entry.expiresAt > now) byType[entry.type] = (byType[entry.type] ?? 0) + 1;
    }
    return {
      tenant_id: tenantId,
      total_connections: Object.values(byType).reduce((a, b) => a + b, 0),
      connections_by_type: byType,
    };
  }

  /** Drops a tenant's cached clients, of one connection type (or integration id) or all; returns how many. */
  clear(tenantId: string, type?: string): number {
    const tenant = this.entries.get(tenantId);
    if (!tenant) return 0;
    let removed = 0;
    for (const [key, entry] of [...tenant]) {
      if (!type || entry.type === type || entry.integration === type) {
        tenant.delete(key);
        removed++;
      }
    }
    return removed;
  }
}

/** Forgets the clients built for an earlier tenant of the same id (deleted, maybe on another node). */
function dropOtherEpochs(tenant: Map<string, Entry>, epoch: string): void {
  for (const [key, entry] of tenant) if (entry.epoch !== undefined && entry.epoch !== epoch) tenant.delete(key);
}
