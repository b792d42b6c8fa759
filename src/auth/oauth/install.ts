import type { Config } from '../../config/config.js';
import { storeOn, type StoreBackend } from '../../store/backend.js';
import type { Clock, Logger } from '../../toolkit/context.js';
import type { TenantService } from '../tenants.js';
import { tenantGate } from '../../store/tenant-gate.js';
import type { CredentialVault, VaultOwner } from '../vault/index.js';
import { ConsentLinks } from './consent-links.js';
import { OAuthFlow, type OAuthFlowOptions } from './flow.js';
import type { PendingAuthorizations } from './pending.js';
import { PgPendingAuthorizations } from './pending-pg.js';
import { SqlitePendingAuthorizations } from './pending-sqlite.js';
import type { OAuthProvider } from '../../integrations/oauth-provider.js';
import { StateTokens } from './state-token.js';
import { authorizationFamiliesOf, type AuthorizationFamily, type OAuthRouteForm } from './upstream.js';
import type { UsedConsentLinks } from './used-consent-links.js';
import { PgUsedConsentLinks } from './used-consent-links-pg.js';
import { SqliteUsedConsentLinks } from './used-consent-links-sqlite.js';

/** What a family's authorization is built from. */
export interface AuthorizationSetup {
  config: Config;
  store: StoreBackend;
  clock: Clock;
  log: Logger;
  vault: CredentialVault;
  tenants: Pick<TenantService, 'exists'>;
  publicUrl(): string;
  /** Every system's manifest: the families with per-user authorization. */
  manifests: readonly { authorization?: AuthorizationFamily }[];
  /**
   * The provider a family authorizes through when it is not the configured client's (demo mode: the
   * sandbox's fake of the upstream).
   */
  providerOf?: (family: AuthorizationFamily) => OAuthProvider | undefined;
  onGrantChange?: OAuthFlowOptions['onGrantChange'];
}

/** Where the flows keep their single-use marks: authorizations under way and consent links already used. */
interface AuthorizationStores {
  pending: PendingAuthorizations;
  usedConsentLinks: UsedConsentLinks;
}

function authorizationStoresOn(store: StoreBackend): AuthorizationStores {
  return storeOn<AuthorizationStores>(store, {
    sqlite: (db) => ({
      pending: new SqlitePendingAuthorizations(db, tenantGate(db)),
      usedConsentLinks: new SqliteUsedConsentLinks(db),
    }),
    postgres: (pool) => ({
      pending: new PgPendingAuthorizations(pool),
      usedConsentLinks: new PgUsedConsentLinks(pool),
    }),
  });
}

/** The per-user authorizations, built before the clients that act through them. */
interface Authorizations {
  /** Each family's OAuth flow, by family (`suite`): served under `/oauth/<family>/`. */
  flows: ReadonlyMap<string, OAuthFlow>;
  /** The flow that holds each user's tokens, by the id of the integration it authorizes. */
  byIntegration: ReadonlyMap<string, OAuthFlow>;
}

/**
 * The per-user authorization of a route family (a system's, e.g. `suite`): `/oauth/<family>/callback`
 * receives the provider's redirect, `/oauth/<family>/authorize` starts it. The link handed to a user
 * opens in a browser: it names the tenant and user where the route takes them without credentials
 * (`consent-link`), and is signed for single use where the route wants a token (`app-install`).
 */
function authorizationFlow(
  setup: Omit<AuthorizationSetup, 'manifests' | 'providerOf' | 'store'> & AuthorizationStores,
  family: string,
  provider: OAuthProvider,
  shape: OAuthRouteForm['shape'],
): OAuthFlow {
  const link = (path: string) => `${setup.publicUrl()}/oauth/${family}/${path}`;
  const consentLinks =
    shape === 'app-install'
      ? new ConsentLinks(setup.config.jwtSecret, family, () => setup.clock.now(), setup.usedConsentLinks)
      : undefined;
  const linkQuery = (owner: VaultOwner) =>
    consentLinks?.query(owner) ?? new URLSearchParams({ tenant_id: owner.tenantId, user_email: owner.userEmail });
  return new OAuthFlow({
    provider,
    vault: setup.vault,
    pending: setup.pending,
    states: new StateTokens(setup.config.jwtSecret, () => setup.clock.now()),
    clock: setup.clock,
    log: setup.log,
    redirectUri: () => link('callback'),
    authorizeLink: (owner: VaultOwner) => `${link('authorize')}?${linkQuery(owner).toString()}`,
    consentLinks,
    onGrantChange: setup.onGrantChange,
    accessDenied: async (owner) =>
      (await setup.tenants.exists(owner.tenantId)) ? undefined : `Tenant ${owner.tenantId} does not exist`,
  });
}

/**
 * The authorizations the configuration enables (each family whose upstream has a client configured),
 * or that `providerOf` provides in its place.
 */
export function createAuthorizations(setup: AuthorizationSetup): Authorizations {
  const flows = new Map<string, OAuthFlow>();
  const byIntegration = new Map<string, OAuthFlow>();
  const now = () => setup.clock.now();
  const stores = authorizationStoresOn(setup.store);
  for (const authorization of authorizationFamiliesOf(setup.manifests)) {
    const { family, upstream } = authorization;
    const client = upstream.clientIn(setup.config);
    const provider = setup.providerOf?.(authorization) ?? (client && upstream.provider(client, { now }));
    if (!provider) continue;
    const flow = authorizationFlow({ ...setup, ...stores }, family, provider, upstream.routes.shape);
    flows.set(family, flow);
    byIntegration.set(provider.id, flow);
  }
  return { flows, byIntegration };
}
