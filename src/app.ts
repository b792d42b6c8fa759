import type { Config } from './config/config.js';
import { createLogger, withFields } from './config/logger.js';
import { TokenService } from './auth/jwt.js';
import { TenantService } from './auth/tenants.js';
import { ClientCache } from './integrations/client-cache.js';
import { extractorsOf, integrationsOf, labelledTypesOf, mentionsOf, nodeTypesOf } from './catalog/manifest.js';
import type { Db } from './store/db.js';
import { openBackend } from './database.js';
import { SqliteTenantStore } from './store/tenant-store-sqlite.js';
import { PgTenantStore } from './store/tenant-store-pg.js';
import type { TenantStore } from './store/tenant-store.js';
import { purgeAcross } from './store/tenant-purge.js';
import { tenantOwnedAreas } from './tenant-areas.js';
import { systemClock } from './toolkit/context.js';
import type { ServiceMap } from './toolkit/define-tool.js';
import { loadManifests, registryOf } from '../tools/catalog.js';
import { Telemetry } from './telemetry.js';
import { FleetJobs } from './store/fleet-jobs.js';
import { fleetLocksOn } from './store/fleet-locks.js';
import { OrganizationDomains } from './governance/policy/organization.js';
import { createGraph } from './graph/install.js';
import { writeTogetherOn } from './store/write-together.js';
import { WriteBehind } from './toolkit/write-behind.js';
import { createDocuments } from './documents/install.js';
import { createAnalyticsCache } from './analytics/install.js';
import { openVault } from './auth/vault/index.js';
import { createAuthorizations } from './auth/oauth/install.js';
import { storeOn, type StoreBackend } from './store/backend.js';
import { tenantGate } from './store/tenant-gate.js';
import { MemoryWindowCounter, type WindowCounter } from './store/window-counter.js';
import { PgWindowCounter } from './store/window-counter-pg.js';
import { storeAnswers } from './store/lifecycle.js';
import { credentialSources } from './app-credentials.js';
import { shutDown } from './app-shutdown.js';
import { PgTaskStore } from './mcp/task-store-pg.js';
import type { TaskStore } from './mcp/task-store.js';
import { SqliteTaskStore } from './mcp/task-store-sqlite.js';
import { openCancelBus } from './mcp/cancel-bus.js';
import { createGovernance } from './governance/install.js';
import { createGraphSync } from './sync/install.js';
import { buildExecution } from './app-execution.js';
import type { App, CreateAppOptions } from './app-types.js';

/** The sweep of MCP tasks past their time to live, and how often it runs. */
const TASK_PURGE_JOB = 'mcp.tasks.purge';
const TASK_PURGE_INTERVAL_MS = 60_000;

export type { App, CreateAppOptions, DemoMode } from './app-types.js';

/**
 * The composition root: builds every service once, in order, each from what it uses (the store, then
 * the features over it, then the executor that hands them to tools), and the container last. Nothing
 * is added to the app after it is returned.
 */
export async function createApp(config: Config, options: CreateAppOptions = {}): Promise<App> {
  const clock = options.clock ?? systemClock;
  const log = withFields(options.log ?? createLogger(config.logLevel), { node: config.nodeId });
  const { demo } = options;
  const store = options.store ?? (await openBackend(config));
  const manifests = options.manifests ?? (await loadManifests());
  const everySystem = options.outlines ?? manifests;
  const registry = options.registry ?? registryOf(manifests);
  const integrations = integrationsOf(manifests);
  const vault = await openVault(config, store, log, clock);
  const tenantRows = storeOn<TenantStore>(store, {
    sqlite: (handle) => new SqliteTenantStore(handle),
    postgres: (pool) => new PgTenantStore(pool),
  });
  const tenants = new TenantService(tenantRows, clock, {
    purge: (tenantId) => purge(tenantId),
    onRemoved: (tenantId) => {
      for (const fn of tenantRemovedHooks) fn(tenantId);
    },
  });
  let listeningUrl = `http://${config.host}:${config.port}`;
  const publicUrl = () => config.publicUrl ?? listeningUrl;
  const authorizations = createAuthorizations({
    config,
    store,
    clock,
    log,
    vault,
    tenants,
    publicUrl,
    manifests,
    providerOf: demo?.oauthProviders,
    onGrantChange: async ({ kind, owner, provider }) => {
      governance.recordAct({ tenantId: owner.tenantId, kind, action: provider, user: owner.userEmail, outcome: 'ok' });
      if (kind === 'revoke' && owner.userEmail)
        await graph.forgetPrivateRecords(owner.tenantId, owner.userEmail, registry.systemsUsing(provider));
    },
  });
  const connections = new ClientCache(
    integrations,
    credentialSources(config, options, integrations, vault, tenants, log),
    clock,
    log,
    {
      credentialRewrites: demo?.credentialRewrites,
      userAuthorities: authorizations.byIntegration,
    },
  );
  const telemetry = new Telemetry(config.nodeId);
  const fleetLocks = fleetLocksOn(store);
  const cancelBus = await openCancelBus(store, log, options.cancelBus);
  const jobs = new FleetJobs(fleetLocks, log, (job, outcome) => telemetry.countBackgroundJob(job, outcome));
  const windows = storeOn<WindowCounter>(store, {
    sqlite: () => new MemoryWindowCounter(),
    postgres: (pool) => new PgWindowCounter(pool),
  });
  const governance = createGovernance({
    config,
    store,
    clock,
    log,
    jobs,
    windows,
    publicUrl,
    confirmationPolicy: options.governancePolicy,
  });

  const {
    documents,
    entitySearch,
    ready: documentsReady,
    tenantRows: documentRows,
  } = createDocuments({
    backend: store,
    clock,
    settings: config.documents,
    mentions: mentionsOf(everySystem),
    labelledTypes: labelledTypesOf(everySystem),
  });
  void documentsReady.catch((error: unknown) =>
    log.warn('removing abandoned documents failed', { error: String(error) }),
  );
  // Without domains in the tenant's policy, the tenant's own users are those holding per-user credentials.
  const perUserProviders = integrations.filter((i) => i.sources.includes('vault')).map((i) => i.id);
  const organization = new OrganizationDomains(
    governance.policies,
    async (tenantId) => (await Promise.all(perUserProviders.map((p) => vault.storedHoldersOf(tenantId, p)))).flat(),
    clock,
  );
  const graphFeature = createGraph({
    store,
    clock,
    log,
    jobs,
    extractors: extractorsOf(manifests, mentionsOf(everySystem)),
    systemNodeTypes: nodeTypesOf(everySystem),
    activityRetentionDays: config.activityRetentionDays,
    onIngestionError: (system) => telemetry.countIngestionError(system),
    semanticSearch: entitySearch,
    organizationOf: (caller) => organization.membershipOf(caller),
  });
  const { graph } = graphFeature;
  // A call's audit record, activity record and graph ingestion are written after its answer, together.
  const writeBehind = new WriteBehind(writeTogetherOn(store), log);
  writeBehind.take(governance.audit);
  writeBehind.take(graph.ingestion);
  const analytics = createAnalyticsCache({ store, clock, log, refreshLocks: fleetLocks });
  const services: ServiceMap = { graph, documents, analytics };

  const { executor, responseCache } = buildExecution({
    config,
    clock,
    log,
    registry,
    integrations,
    connections,
    tenants,
    vault,
    services,
    governance,
    telemetry,
    graphObservers: graphFeature.observers,
  });

  const sync = createGraphSync({
    store,
    manifests,
    integrations,
    vault,
    registry,
    executor,
    jobs,
    clock,
    log,
    epochOf: (tenantId) => tenants.epochOf(tenantId),
    consentedUsers: (tenantId, provider) => vault.holdersOf(tenantId, provider),
    tenantConnections: demo ? (tenantId) => demo.environment.tenantConnections(tenantId) : undefined,
  });

  // Run in reverse order on close, once running calls have finished: the sandbox first, the graph's
  // queue is ingested, and the audit records still queued are stored last (before the store closes).
  const closers: ReadonlyArray<() => void | Promise<void>> = [
    () => governance.audit.flush(),
    graphFeature.close,
    // Before the graph's and the audit log's own drains, so that what is queued is written in one transaction.
    () => writeBehind.flush(),
    () => documents.close(),
    () => analytics.close(),
    ...(demo ? [() => demo.sandbox.close()] : []),
    () => jobs.stop(),
    () => cancelBus.close(),
  ];
  // What a deleted tenant leaves in memory (cached clients and responses, queued work) goes after its rows.
  const tenantRemovedHooks: ReadonlyArray<(tenantId: string) => void> = [
    connections.clear.bind(connections),
    responseCache.invalidateTenant.bind(responseCache),
    graphFeature.dropTenant,
    (tenantId) => governance.policies.forget(tenantId),
    (tenantId) => governance.untrusted.forgetTenant(tenantId),
  ];
  // A deleted tenant's rows, area by area (the analytics cache drops what it holds in memory with them).
  const purge = purgeAcross(tenantOwnedAreas(store, clock, { vault, analytics, graph, documents: documentRows }));
  // Demo mode's tenants and its users' consents, once every service is built.
  await demo?.prepare({ tenants, vault, clock });
  const mcpTasks = storeOn<TaskStore>(store, {
    sqlite: (handle) => new SqliteTaskStore(handle, tenantGate(handle), () => clock.now()),
    postgres: (pool) => new PgTaskStore(pool, () => clock.now()),
  });
  // Reads already skip expired tasks: the sweep only reclaims their rows, on one node at a time.
  jobs.every(TASK_PURGE_JOB, TASK_PURGE_INTERVAL_MS, async () => void (await mcpTasks.purgeExpired()));
  sync.schedule();
  let closing: Promise<void> | undefined;
  const app: App = {
    config,
    log,
    clock,
    store,
    get db() {
      return sqliteHandle(store);
    },
    storeAnswers: () => storeAnswers(store),
    backgroundSettled: () => jobs.idle(),
    // The store was migrated before the app was built: ready while it answers, until the drain begins.
    readiness: async () => {
      if (closing) return { ready: false, reason: 'draining' };
      return (await storeAnswers(store)) ? { ready: true } : { ready: false, reason: 'store_unavailable' };
    },
    mcpTasks,
    cancelBus,
    manifests,
    integrations,
    registry,
    executor,
    governance,
    tenants,
    tokens: new TokenService(
      config.jwtSecret,
      config.jwtTtlSeconds,
      (tenantId) => tenants.stateOf(tenantId),
      () => clock.now(),
      config.tokenEncryptionKey,
    ),
    connections,
    vault,
    authorizations: authorizations.flows,
    publicUrl,
    listeningAt: (url) => void (listeningUrl = url),
    writeDeferred: () => writeBehind.flush(),
    services,
    telemetry,
    responseCache,
    windows,
    sync,
    ...(demo ? { sandbox: demo.sandbox, demo: demo.environment } : {}),
    close() {
      closing ??= shutDown(config, log, executor, closers, store);
      return closing;
    },
  };
  return app;
}

/** The SQLite handle of an installation on SQLite, for tests that look at its rows. */
function sqliteHandle(store: StoreBackend): Db {
  if (store.kind === 'sqlite') return store.db;
  throw new Error('This installation keeps its data in PostgreSQL: it has no SQLite handle');
}
