import type { CredentialRewrite } from '../integrations/client-cache.js';
import type { AnyIntegration, IntegrationDemo } from '../integrations/integration.js';
import type { SampleTeam } from '../graph/seed.js';
import { WORKSPACE_IDS, type WorkspaceId } from '../sandbox/credentials.js';
import { REPO_PROFILES } from '../sandbox/github/seed/index.js';
import type { FakeUpstream } from '../sandbox/fake-upstream.js';
import type { Sandbox } from '../sandbox/server.js';
import type { Caller, IntegrationId } from '../toolkit/context.js';

/** Demo users per workspace: the first people of each seeded workspace. */
const DEMO_USERS_PER_WORKSPACE: Record<WorkspaceId, number> = { acme: 3, globex: 2 };

interface DemoUser {
  tenant_id: WorkspaceId;
  user_email: string;
  user_display_name: string;
}

/**
 * Demo tokens name a fake as `sandbox:/github`, not by the sandbox's address: the sandbox listens on a
 * new port at every start, and a token issued before a restart must keep working after it.
 */
const SANDBOX_SCHEME = 'sandbox:';

const sandboxReference = (prefix: string): string => SANDBOX_SCHEME + prefix;

/** Resolves every `sandbox:/<prefix>...` credential field to the running sandbox's URL. */
export function resolvingSandboxReferences(sandbox: Sandbox): CredentialRewrite {
  return (credentials) => {
    const entries = Object.entries(credentials);
    if (!entries.some(([, value]) => typeof value === 'string' && value.startsWith(SANDBOX_SCHEME))) return credentials;
    return Object.fromEntries(
      entries.map(([field, value]) => [
        field,
        typeof value === 'string' && value.startsWith(SANDBOX_SCHEME)
          ? sandbox.urlOf(value.slice(SANDBOX_SCHEME.length))
          : value,
      ]),
    );
  };
}

/** An integration with its demo part loaded. */
export interface LoadedDemo {
  integration: AnyIntegration;
  demo: IntegrationDemo<Record<string, unknown>>;
}

/** Loads the demo part (fake and credentials) of every integration that has one. */
export async function loadDemos(integrations: readonly AnyIntegration[]): Promise<LoadedDemo[]> {
  const loaded = await Promise.all(
    integrations.map(async (integration) =>
      integration.demo ? { integration, demo: await integration.demo() } : undefined,
    ),
  );
  return loaded.filter((entry): entry is LoadedDemo => entry !== undefined);
}

export const fakesOf = (demos: readonly LoadedDemo[]): FakeUpstream[] => demos.map((d) => d.demo.fake);

/**
 * Demo mode's world: the sandbox, the connections a demo tenant's tokens carry (every integration
 * pointed at its fake through a sandbox reference), its users, and the implicit caller of requests without a token.
 */
export class DemoEnvironment {
  constructor(
    readonly sandbox: Sandbox,
    private readonly demos: readonly LoadedDemo[],
  ) {}

  connections(workspace: WorkspaceId): Caller['connections'] {
    const out: Caller['connections'] = {};
    // Per-user integrations take no connection from the token: each user's own authorization is theirs.
    for (const { integration, demo } of this.demos.filter((d) => d.integration.sources.includes('jwt'))) {
      out[integration.connectionKeys[0] ?? integration.id] = demo.credentials(
        workspace,
        sandboxReference(demo.fake.prefix),
      );
    }
    return out;
  }

  /** The platform's account at an upstream's fake, when its demo part has one. */
  platformAccountOf(integration: IntegrationId): Record<string, unknown> | undefined {
    const part = this.demos.find((d) => d.integration.id === integration)?.demo;
    return part?.platformAccount?.settings(this.sandbox.urlOf(part.fake.prefix));
  }

  /**
   * The consumer a demo tenant is at the upstreams acting for consumers (every tenant has one, even when
   * no upstream of the catalog acts for consumers).
   */
  consumerOf(workspace: WorkspaceId): string {
    const declared = this.demos.map(({ demo }) => demo.platformAccount?.consumerOf(workspace)).find(Boolean);
    return declared ?? `${workspace}-consumer`;
  }

  users(): DemoUser[] {
    return WORKSPACE_IDS.flatMap((workspace) =>
      this.sandbox.seeds[workspace].people
        .slice(0, DEMO_USERS_PER_WORKSPACE[workspace])
        .map((person) => ({ tenant_id: workspace, user_email: person.email, user_display_name: person.name })),
    );
  }

  /** The sample graph's team for a tenant: its sandbox workspace's people and repositories (none for other tenants). */
  sampleTeam(tenantId: string): SampleTeam | undefined {
    const workspace = WORKSPACE_IDS.find((id) => id === tenantId);
    if (!workspace) return undefined;
    const seed = this.sandbox.seeds[workspace];
    return {
      owner: seed.identity.org,
      people: seed.people.map(({ login, githubId, name, email, accountId }) => ({
        login,
        githubId,
        name,
        email,
        accountId,
      })),
      repositories: REPO_PROFILES[workspace].map(({ name, description, language }) => ({
        name,
        description,
        language,
      })),
    };
  }

  /** The connections of a tenant's own calls (the background sync): its workspace's; none for other tenants. */
  tenantConnections(tenantId: string): Caller['connections'] {
    const workspace = WORKSPACE_IDS.find((id) => id === tenantId);
    return workspace ? this.connections(workspace) : {};
  }

  /** A demo user of a workspace as a caller (the first user unless an email is given). */
  callerOf(workspace: WorkspaceId, email?: string): Caller {
    const user = this.users().find((u) => u.tenant_id === workspace && (!email || u.user_email === email));
    return {
      tenantId: workspace,
      userEmail: user?.user_email ?? email,
      userDisplayName: user?.user_display_name ?? email,
      connections: this.connections(workspace),
    };
  }

  /** The implicit caller of demo mode (execution rule 6): the first acme user. */
  defaultCaller(): Caller {
    return { ...this.callerOf('acme'), demo: true };
  }
}
