import type { Extractor } from './ingest/extractor.js';
import { storeOn, type StoreBackend } from '../store/backend.js';
import { tenantGate } from '../store/tenant-gate.js';
import type { GraphStorage } from './store/graph-storage.js';
import { SqliteGraphStorage } from './store/graph-storage-sqlite.js';
import { PgGraphStorage } from './store/pg/graph-storage-pg.js';
import type { FleetJobs } from '../store/fleet-jobs.js';
import type { Caller, Clock, Logger } from '../toolkit/context.js';
import type { Viewer } from './ingest/extractor.js';
import type { ExecutionObserver } from '../toolkit/executor.js';
import { watchSqliteGraph } from './service/graph-changes.js';
import { GraphService } from './service/graph-service.js';
import type { SemanticSearchFactory } from './service/semantic-search.js';
import { nodeVocabulary } from './types.js';

/** The job that sweeps expired contexts and old activity. */
export const GRAPH_SWEEP_JOB = 'graph.sweep';

/** How often expired contexts are swept (they are also purged whenever they would be read). */
const PURGE_INTERVAL_MS = 60_000;

interface GraphDependencies {
  store: StoreBackend;
  clock: Clock;
  log: Logger;
  /** Runs the sweeps on one node of the fleet at a time. */
  jobs: FleetJobs;
  /** Each system's extractor, by system id. */
  extractors: Readonly<Record<string, Extractor>>;
  /** The node types the systems write (the graph adds its own). */
  systemNodeTypes: readonly string[];
  /** Days of activity kept; 0 keeps all. */
  activityRetentionDays: number;
  onIngestionError: (system: string) => void;
  /** Whether an address is in the caller's organisation (see PipelineHooks.organizationOf). */
  organizationOf?: (caller: Caller) => Promise<Viewer['inOrganization']>;
  /** How entities are found by meaning, over the graph's keyword search (keyword search alone when absent). */
  semanticSearch?: SemanticSearchFactory;
}

/** The knowledge graph and what the app around it runs for it. */
interface GraphFeature {
  graph: GraphService;
  /** The activity record and the ingestion of results, for the executor. */
  observers: readonly ExecutionObserver[];
  dropTenant: (tenantId: string) => void;
  /** Ingests what is queued (the sweeps stop with the app's jobs). */
  close: () => Promise<void>;
}

/** Builds the knowledge graph: its service, its ingestion pipeline and its periodic sweeps. */
export function createGraph(deps: GraphDependencies): GraphFeature {
  // On SQLite the graph's changes are watched, so that a result found already written is not written again;
  // on PostgreSQL other nodes of the fleet write the same graph unseen, and every result is written.
  const { storage, version } = storeOn<{ storage: GraphStorage; version?: () => string }>(deps.store, {
    sqlite: (db) => watchSqliteGraph(db, new SqliteGraphStorage(db, tenantGate(db))),
    postgres: (pool) => ({ storage: new PgGraphStorage(pool) }),
  });
  const graph = new GraphService(storage, {
    clock: deps.clock,
    nodeTypes: nodeVocabulary(deps.systemNodeTypes),
    semanticSearch: deps.semanticSearch,
    ingestion: {
      extractors: deps.extractors,
      log: deps.log,
      onError: deps.onIngestionError,
      organizationOf: deps.organizationOf,
      graphVersion: version,
    },
  });

  let sweeps = 0;
  deps.jobs.every(GRAPH_SWEEP_JOB, PURGE_INTERVAL_MS, async () => {
    await graph.contexts.purgeAll();
    // Activity retention runs at start and about once an hour (of this node's turns).
    if (deps.activityRetentionDays > 0 && sweeps++ % 60 === 0) await graph.pruneActivity(deps.activityRetentionDays);
  });
  const pipeline = graph.ingestion;
  return {
    graph,
    observers: [pipeline.recordActivity, pipeline.queueResult],
    dropTenant: (tenantId) => pipeline.dropTenant(tenantId),
    // Activity records are written a turn after their call's answer: the store must not close before them.
    close() {
      return graph.drain();
    },
  };
}
