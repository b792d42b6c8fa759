import type { App } from '../../app.js';
import { tenantGate } from '../../store/tenant-gate.js';
import type { VaultOwner } from '../vault/index.js';
import { OAuthFlow } from './flow.js';
import { PendingAuthorizations } from './pending.js';
import type { OAuthProvider } from '../../integrations/oauth-provider.js';
import { StateTokens } from './state-token.js';
import { authorizationFamiliesOf } from './upstream.js';

/**
 * Registers the per-user authorization of a route family (a system's, e.g. `suite`) under its routes:
 * `/oauth/<family>/callback` receives the provider's redirect, `/oauth/<family>/authorize` starts it.
 */
export function registerAuthorization(app: App, family: string, provider: OAuthProvider): OAuthFlow {
  const link = (path: string) => `${app.publicUrl()}/oauth/${family}/${path}`;
  const flow = new OAuthFlow({
    provider,
    vault: app.vault,
    pending: new PendingAuthorizations(app.db, tenantGate(app.db)),
    states: new StateTokens(app.config.jwtSecret, () => app.clock.now()),
    clock: app.clock,
    log: app.log,
    redirectUri: () => link('callback'),
    authorizeLink: (owner: VaultOwner) =>
      `${link('authorize')}?${new URLSearchParams({ tenant_id: owner.tenantId, user_email: owner.userEmail }).toString()}`,
    accessDenied: (owner) =>
      app.tenants.exists(owner.tenantId) ? undefined : `Tenant ${owner.tenantId} does not exist`,
  });
  app.authorizations.set(family, flow);
  app.connections.addUserAuthority(provider.id, flow);
  return flow;
}

/** The authorizations the configuration enables: each family whose upstream has a client configured. */
export function installAuthorizations(app: App): void {
  for (const { family, upstream } of authorizationFamiliesOf(app.manifests)) {
    const client = upstream.clientIn(app.config);
    if (client) registerAuthorization(app, family, upstream.provider(client, { now: () => app.clock.now() }));
  }
}
