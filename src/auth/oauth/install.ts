import type { Config } from '../../config/config.js';
import type { ClientCache } from '../../integrations/client-cache.js';
import type { Db } from '../../store/db.js';
import type { Clock, Logger } from '../../toolkit/context.js';
import type { TenantService } from '../tenants.js';
import { tenantGate } from '../../store/tenant-gate.js';
import type { CredentialVault, VaultOwner } from '../vault/index.js';
import { ConsentLinks } from './consent-links.js';
import { OAuthFlow } from './flow.js';
import { PendingAuthorizations } from './pending.js';
import type { OAuthProvider } from '../../integrations/oauth-provider.js';
import { StateTokens } from './state-token.js';
import { authorizationFamiliesOf, type AuthorizationFamily, type OAuthRouteForm } from './upstream.js';
import { UsedConsentLinks } from './used-consent-links.js';

/** What a family's authorization is built from, and where it is registered (the flows, the clients' authorities). */
export interface AuthorizationSetup {
  config: Config;
  db: Db;
  clock: Clock;
  log: Logger;
  vault: CredentialVault;
  tenants: Pick<TenantService, 'exists'>;
  publicUrl(): string;
  authorizations: Map<string, OAuthFlow>;
  connections: Pick<ClientCache, 'addUserAuthority'>;
  /** Every system's manifest: the families with per-user authorization. */
  manifests: readonly { authorization?: AuthorizationFamily }[];
}

/**
 * Registers the per-user authorization of a route family (a system's, e.g. `suite`) under its routes:
 * `/oauth/<family>/callback` receives the provider's redirect, `/oauth/<family>/authorize` starts it.
 * The link handed to a user opens in a browser: it names the tenant and user where the route takes them
 * without credentials (`consent-link`), and is signed for single use where the route wants a token
 * (`app-install`).
 */
export function registerAuthorization(
  app: Omit<AuthorizationSetup, 'manifests'>,
  family: string,
  provider: OAuthProvider,
  shape: OAuthRouteForm['shape'],
): OAuthFlow {
  const link = (path: string) => `${app.publicUrl()}/oauth/${family}/${path}`;
  const consentLinks =
    shape === 'app-install'
      ? new ConsentLinks(app.config.jwtSecret, family, () => app.clock.now(), new UsedConsentLinks(app.db))
      : undefined;
  const linkQuery = (owner: VaultOwner) =>
    consentLinks?.query(owner) ?? new URLSearchParams({ tenant_id: owner.tenantId, user_email: owner.userEmail });
  const flow = new OAuthFlow({
    provider,
    vault: app.vault,
    pending: new PendingAuthorizations(app.db, tenantGate(app.db)),
    states: new StateTokens(app.config.jwtSecret, () => app.clock.now()),
    clock: app.clock,
    log: app.log,
    redirectUri: () => link('callback'),
    authorizeLink: (owner: VaultOwner) => `${link('authorize')}?${linkQuery(owner).toString()}`,
    consentLinks,
    accessDenied: (owner) =>
      app.tenants.exists(owner.tenantId) ? undefined : `Tenant ${owner.tenantId} does not exist`,
  });
  app.authorizations.set(family, flow);
  app.connections.addUserAuthority(provider.id, flow);
  return flow;
}

/** The authorizations the configuration enables: each family whose upstream has a client configured. */
export function installAuthorizations(app: AuthorizationSetup): void {
  for (const { family, upstream } of authorizationFamiliesOf(app.manifests)) {
    const client = upstream.clientIn(app.config);
    if (client)
      registerAuthorization(
        app,
        family,
        upstream.provider(client, { now: () => app.clock.now() }),
        upstream.routes.shape,
      );
  }
}
