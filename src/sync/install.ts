import type { CredentialVault } from '../auth/vault/index.js';
import type { SystemManifest } from '../catalog/manifest.js';
import type { AnyIntegration } from '../integrations/integration.js';
import type { StoreBackend } from '../store/backend.js';
import type { FleetJobs } from '../store/fleet-jobs.js';
import type { Caller, Clock, Logger } from '../toolkit/context.js';
import type { Executor } from '../toolkit/executor.js';
import type { Registry } from '../toolkit/registry.js';
import { SYNC_CLIENT } from './callers.js';
import { syncStoreOn } from './open.js';
import { SYNC_PLAN } from './plan.js';
import { SyncRunner, type SyncedSystem } from './runner.js';
import { GraphSync } from './service.js';
import { TenantConnections } from './tenant-connections.js';

interface SyncFeatureDeps {
  store: StoreBackend;
  manifests: readonly SystemManifest[];
  integrations: readonly AnyIntegration[];
  vault: CredentialVault;
  registry: Pick<Registry, 'find'>;
  executor: Pick<Executor, 'execute'>;
  jobs: FleetJobs;
  clock: Clock;
  log: Logger;
  epochOf: (tenantId: string) => Promise<string | undefined>;
  /** The users of a tenant holding credentials for a provider. */
  consentedUsers: (tenantId: string, provider: string) => Promise<string[]>;
  /** The connections a tenant's own calls carry (demo mode: a workspace's, as its tokens'); none by default. */
  tenantConnections?: (tenantId: string) => Caller['connections'];
}

/**
 * The systems of this installation the sync has a plan for. A system whose integration takes its
 * credentials from the vault (each user's own authorization) is read once per consenting user, as them.
 */
function syncedSystems(manifests: readonly SystemManifest[]): SyncedSystem[] {
  return SYNC_PLAN.flatMap(([id, steps]) => {
    const manifest = manifests.find((m) => m.system.id === id);
    if (!manifest) return [];
    const perUser = manifest.integrations.find((integration) => integration.sources.includes('vault'));
    return [{ id, steps, ...(perUser ? { perUserProvider: perUser.id } : {}) }];
  });
}

/** The background sync over the app's executor, built once the executor is. */
export function createGraphSync(deps: SyncFeatureDeps): GraphSync {
  const store = syncStoreOn(deps.store);
  const systems = syncedSystems(deps.manifests);
  const connections = new TenantConnections(deps.vault, deps.integrations);
  const runner = new SyncRunner({
    store,
    execute: (caller, tool, args) => deps.executor.execute(caller, tool, args),
    findTool: (system, name) => deps.registry.find(name, system),
    systems,
    callers: {
      tenant: async (tenantId, epoch) => ({
        tenantId,
        tenantEpoch: epoch,
        connections: { ...deps.tenantConnections?.(tenantId), ...(await connections.connectionsOf(tenantId)) },
        client: SYNC_CLIENT,
      }),
      consentedUsers: deps.consentedUsers,
    },
    epochOf: deps.epochOf,
    clock: deps.clock,
    log: deps.log,
  });
  return new GraphSync(
    store,
    runner,
    deps.jobs,
    deps.clock,
    systems.map((s) => s.id),
    connections,
  );
}
