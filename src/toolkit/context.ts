/**
 * What a tool handler receives. Handlers never see HTTP or MCP: they get the caller, their validated
 * arguments, lazily built SDK clients and a few shared helpers.
 */

/** The authenticated identity behind one request, whichever surface it came through. */
export interface Caller {
  tenantId: string;
  userEmail?: string;
  userDisplayName?: string;
  /** Integration credentials from the JWT, keyed by the spec's integration id (`code_host`, `ticketing`, ...). */
  connections: Record<string, Record<string, unknown>>;
  /** True when the caller is the implicit demo user (demo mode, no token given). */
  demo?: boolean;
  /**
   * The generation of the tenant the caller's token was issued for. Writes pass it on, so work started
   * before a tenant was deleted is refused even when the same id was created again since.
   */
  tenantEpoch?: string;
  /** The tenant's cache generation when the request came in (see TenantStore): caches key on it. */
  cacheGeneration?: string;
  /** The program acting for the user: the MCP client's name/version from initialize, else the HTTP User-Agent. */
  client?: string;
}

/**
 * The SDK client of each integration. Each upstream's package (`src/integrations/<upstream>/`) adds its
 * own entry by module augmentation beside its client factory, so the toolkit never imports an SDK:
 *
 *   declare module '../../toolkit/context.js' { interface ClientMap { github: Octokit } }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface ClientMap {}

export type IntegrationId = keyof ClientMap & string;

/** Builds (or reuses from the per-tenant cache) the SDK client of one integration for a caller. */
export interface ClientProvider {
  get<K extends IntegrationId>(caller: Caller, integration: K): Promise<ClientMap[K]>;
  /**
   * A digest of every credential the caller acts with (of the integrations named, when given): callers
   * with the same access share cached results.
   */
  accessDigest(caller: Caller, integrationIds?: readonly string[]): Promise<string>;
}

/** Clock abstraction so caches and TTLs can be tested with a controllable time. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}
