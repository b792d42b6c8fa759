import type { App } from '../app.js';
import { extractorsOf, nodeTypesOf } from '../catalog/manifest.js';
import { tenantGate } from '../store/tenant-gate.js';
import { IngestionPipeline } from './ingest/pipeline.js';
import { GraphService } from './service/graph-service.js';
import { nodeVocabulary } from './types.js';

declare module '../toolkit/define-tool.js' {
  interface ServiceMap {
    graph: GraphService;
  }
}

/** How often expired contexts are swept (they are also purged whenever they would be read). */
const PURGE_INTERVAL_MS = 60_000;

/** Wires the knowledge graph into the app: its service, the activity and ingestion observers. */
export function installGraph(app: App): void {
  const graph = new GraphService(app.db, {
    clock: app.clock,
    nodeTypes: nodeVocabulary(nodeTypesOf(app.manifests)),
    tenantGate: tenantGate(app.db),
  });
  const pipeline = new IngestionPipeline(graph, extractorsOf(app.manifests), {
    log: app.log,
    onError: (system) => app.telemetry.ingestionErrors.inc({ system }),
  });
  graph.drain = () => pipeline.drain();
  graph.flush = () => pipeline.flush();
  app.services.graph = graph;
  app.executor.addObserver(pipeline.recordActivity);
  app.executor.addObserver(pipeline.queueResult);
  app.onTenantRemoved((tenantId) => pipeline.dropTenant(tenantId));

  const retentionDays = app.config.activityRetentionDays;
  let sweeps = 0;
  const sweepOnce = () => {
    try {
      graph.contexts.purgeAll();
      // Activity retention runs at start and about once an hour.
      if (retentionDays > 0 && sweeps++ % 60 === 0) graph.pruneActivity(retentionDays);
    } catch (error) {
      app.log.warn('graph: purge failed', { error: error instanceof Error ? error.message : String(error) });
    }
  };
  sweepOnce();
  const sweep = setInterval(sweepOnce, PURGE_INTERVAL_MS);
  sweep.unref();
  app.onClose(() => {
    clearInterval(sweep);
    pipeline.flush();
  });
}
