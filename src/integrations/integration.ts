import type { z } from 'zod';
import type { Config } from '../config/config.js';
import type { CredentialSource } from './credentials.js';
import type { Caller, ClientMap, IntegrationId, Logger } from '../toolkit/context.js';
import type { AppError } from '../toolkit/errors.js';
import type { FakeUpstream } from '../sandbox/fake-upstream.js';
import type { WorkspaceId } from '../sandbox/credentials.js';

/** A `fetch` an SDK is given: retries under the call's policy, bounded by the call's deadline. */
export type UpstreamFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** A user's provider tokens as an OAuth flow stored them (see src/auth/oauth). */
export interface UserGrant {
  accessToken: string;
  refreshToken?: string;
  /** Epoch milliseconds the access token expires; absent when it does not. */
  expiresAt?: number;
  scopes: string[];
  accountEmail: string;
  /** Provider-specific extras (Slack's user token, team and bot ids). */
  details?: Record<string, unknown>;
}

/** The calling user's tokens, read anew for each request so a refresh reaches clients already built. */
interface UserGrantAccess {
  /** Refreshed first when expired, or when `afterUnauthorized` says the provider just refused the token. */
  current(options?: { afterUnauthorized?: boolean }): Promise<UserGrant>;
}

/** What a client factory receives besides the credentials. */
export interface ClientContext {
  caller: Caller;
  /** The only way an SDK reaches the network: give it to the SDK as its `fetch` (or transport hook). */
  fetch: UpstreamFetch;
  log: Logger;
  /** Present for integrations that act for each user through an OAuth flow (credentials from the vault). */
  grant?: UserGrantAccess;
}

/**
 * The ids of credential sources: the caller's token, the environment and the per-user vault, and the
 * sources upstreams bring (`ownSource`), each added by its package (`declare module`).
 */
export interface CredentialSourceIds {
  jwt: true;
  env: true;
  vault: true;
}

/** Where an integration's credentials come from, tried in the order the integration lists them. */
export type CredentialSourceId = keyof CredentialSourceIds;

/** What a credential source an upstream brings reads, besides the caller: the settings and the tenants. */
export interface OwnSourceAccess {
  config: Config;
  /** The account a tenant has at upstreams that act for consumers (its `consumerId`); undefined for an unknown tenant. */
  consumerOf: (tenantId: string) => Promise<string | undefined>;
  /** In demo mode: the platform's account at an upstream's fake (see `IntegrationDemo.platformAccount`). */
  demo?: PlatformAccounts;
}

/** Demo mode's accounts of the platform at the upstreams' fakes, by integration. */
export interface PlatformAccounts {
  platformAccountOf(integration: IntegrationId): Record<string, unknown> | undefined;
}

/** One request the contract test sends through the integration's real client to its fake. */
interface ContractProbe {
  /** Path after the fake's prefix that the request hits (for the fake's fault injection and log). */
  path: string;
  send(client: unknown): Promise<unknown>;
}

/** What demo mode needs of an integration: its fake and the credentials each workspace's fake accepts. */
export interface IntegrationDemo<C> {
  fake: FakeUpstream;
  /** `fakeUrl` is the fake's base URL, or in demo tokens a stable `sandbox:/<prefix>` reference. */
  credentials(workspace: WorkspaceId, fakeUrl: string): C;
  /** A safe read (GET) and an unsafe create (POST): the retry and error-mapping contract every integration meets. */
  probes: { read: ContractProbe; create: ContractProbe };
  /**
   * For an integration that acts for each user: the grant a person's consent, given ahead of time in
   * the fake, yields (demo users start authorized; the contract test acts as one).
   */
  consentAhead?: (fake: FakeState, person: number, now: number) => Omit<UserGrant, 'accountEmail'>;
  /** For an integration that acts for each user: the OAuth client the fake knows, that demo mode authorizes with. */
  oauthClient?: { clientId: string; clientSecret: string };
  /**
   * For an upstream reached with the platform's own account acting for each tenant (`ownSource`): that
   * account at the fake, and the consumer each demo tenant is there.
   */
  platformAccount?: {
    settings(fakeUrl: string): Record<string, unknown>;
    consumerOf(workspace: WorkspaceId): string;
  };
}

/** A fake's state for one workspace, as the sandbox hands it out (each fake knows its own type). */
type FakeState = unknown;

/**
 * One upstream credential and the SDK clients built from it. Systems name the integrations they use;
 * one integration may serve several systems (one Google credential for calendar, mail and chat).
 */
export interface Integration<
  K extends IntegrationId = IntegrationId,
  C extends Record<string, unknown> = Record<string, unknown>,
> {
  id: K;
  /** Human name, e.g. "GitHub". */
  title: string;
  /** Keys of the JWT's `connections` this integration reads (the spec's integration ids, e.g. `code_host`). */
  connectionKeys: readonly string[];
  credentials: z.ZodType<C>;
  /** Sources tried in order; the first that yields credentials wins. */
  sources: readonly CredentialSourceId[];
  /**
   * A credential source the upstream brings, for its `sources` to name: the platform's own account at the
   * upstream acting for the caller's tenant. Built once by the composition root.
   */
  ownSource?: (access: OwnSourceAccess) => CredentialSource;
  /** Environment variables of a single local user: credential field → variable name. */
  env?: Partial<Record<keyof C & string, string>>;
  /**
   * What sends the SDK's requests under the retry layer (`ClientContext.fetch`); the global fetch when absent.
   */
  transport?: typeof fetch;
  /** The client, or a promise of it where the SDK is loaded with the first client. */
  createClient(credentials: C, ctx: ClientContext): ClientMap[K] | Promise<ClientMap[K]>;
  /**
   * Maps a failed HTTP exchange to an AppError before the SDK reads it; this decides retries
   * (rate limits and 5xx are retryable) and `Retry-After`. Upstream-specific signals (GitHub's 403 with
   * an exhausted quota) live here.
   */
  classifyResponse(response: Response): AppError | undefined;
  /** Maps an error the SDK threw (its own error type) to an AppError; undefined when it is not one. */
  mapError(error: unknown): AppError | undefined;
  /**
   * The longest the REST surface may cache answers of tools using this integration, when the upstream's
   * data can change without the platform hearing of it sooner (none: the cache's own lifetime).
   */
  cacheTtlMs?: number;
  /** Loaded only in demo mode and by tests, so a normal start never imports a fake. */
  demo?: () => Promise<IntegrationDemo<C>>;
}

/** An integration with its generics erased, as lists of integrations hold them. */
export type AnyIntegration = Integration<IntegrationId, Record<string, unknown>>;

/** Declares an integration with its types checked, erased for the lists that hold it. */
export function defineIntegration<K extends IntegrationId, C extends Record<string, unknown>>(
  integration: Integration<K, C>,
): AnyIntegration {
  return integration;
}
