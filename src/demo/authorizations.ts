import type { StoredGrant } from '../auth/oauth/flow.js';
import type { AuthorizationFamily } from '../auth/oauth/upstream.js';
import type { CredentialVault } from '../auth/vault/index.js';
import type { CredentialRewrite } from '../integrations/client-cache.js';
import type { OAuthProvider } from '../integrations/oauth-provider.js';
import type { Clock } from '../toolkit/context.js';
import type { Person } from '../sandbox/seed/people.js';
import { WORKSPACE_IDS, type WorkspaceId } from '../sandbox/credentials.js';
import type { Sandbox } from '../sandbox/server.js';
import type { DemoEnvironment, LoadedDemo } from './environment.js';

/** What one provider's consent, given ahead of time for a person, stores. */
type GrantAhead = (workspace: WorkspaceId, person: Person) => Omit<StoredGrant, 'accountEmail' | 'authorizedAt'>;

/** Per-user integrations with a demo part: their consent ahead, and the API root their clients are pointed at. */
const perUserDemos = (demos: readonly LoadedDemo[]) =>
  demos.filter(({ integration }) => integration.sources.includes('vault'));

/** Each family's upstream authorizes against its integration's fake, with the OAuth client the fake knows. */
export function sandboxProviders(
  sandbox: Sandbox,
  demos: readonly LoadedDemo[],
  clock: Clock,
): (family: AuthorizationFamily) => OAuthProvider | undefined {
  return ({ upstream }) => {
    const part = demos.find(({ integration }) => integration.id === upstream.id)?.demo;
    if (!part?.oauthClient) return undefined;
    return upstream.provider(part.oauthClient, { now: () => clock.now(), at: sandbox.urlOf(part.fake.prefix) });
  };
}

/** Per-user clients reach the sandbox instead of the providers' own hosts. */
export function perUserApiRoots(sandbox: Sandbox, demos: readonly LoadedDemo[]): CredentialRewrite {
  const apiRoots = new Map<string, Record<string, unknown>>();
  // A per-user integration's demo credentials name only where its API is, the same for every workspace.
  for (const { integration, demo: part } of perUserDemos(demos))
    apiRoots.set(integration.id, part.credentials(WORKSPACE_IDS[0], sandbox.urlOf(part.fake.prefix)));
  return (credentials, integration) => ({ ...apiRoots.get(integration.id), ...credentials });
}

/**
 * Every demo user has consented to the per-user authorizations (which go to the sandbox's fakes, see
 * `sandboxProviders`) already, except the last of each tenant, left unauthorized so each consent flow
 * can be tried end to end. Granted anew at every start (an earlier run's sandbox tokens mean nothing to
 * this one), when a tenant's credentials for the provider are first used.
 */
export function grantConsentAhead(
  services: { vault: Pick<CredentialVault, 'fillOnFirstUse' | 'put'>; clock: Clock },
  sandbox: Sandbox,
  demo: DemoEnvironment,
  demos: readonly LoadedDemo[],
): void {
  const { vault } = services;
  const now = () => services.clock.now();
  const grants: Record<string, GrantAhead> = {};
  for (const { integration, demo: part } of perUserDemos(demos)) {
    const consent = part.consentAhead;
    if (!consent) continue;
    grants[integration.id] = (workspace, person) =>
      consent(sandbox.state(part.fake.prefix, workspace), person.index, now());
  }
  for (const workspace of WORKSPACE_IDS) {
    const users = demo
      .users()
      .filter((user) => user.tenant_id === workspace)
      .slice(0, -1);
    for (const [provider, grant] of Object.entries(grants)) {
      vault.fillOnFirstUse(workspace, provider, async () => {
        for (const user of users) {
          const person = sandbox.seeds[workspace].people.find((p) => p.email === user.user_email);
          // Consent given ahead counts as given before the server started: no new grant generation.
          if (person)
            await vault.put(
              { tenantId: workspace, userEmail: user.user_email },
              provider,
              { ...grant(workspace, person), accountEmail: user.user_email, authorizedAt: now() },
              { sameGrant: true },
            );
        }
      });
    }
  }
}
