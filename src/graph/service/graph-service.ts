import { silentLogger } from '../../config/logger.js';
import type { Clock } from '../../toolkit/context.js';
import type { GraphBatch } from '../ingest/batch.js';
import type { Extractor } from '../ingest/extractor.js';
import { IngestionPipeline, type PipelineHooks } from '../ingest/pipeline.js';
import type { GraphStorage } from '../store/graph-storage.js';
import { ContextService } from './context-service.js';
import { GraphReader } from './graph-reader.js';
import type { IdentityResolver } from './identity.js';
import { PRIVATE_NODE_TYPES, PrivateVisibility, privateRecordConditions } from './private-visibility.js';
import { KeywordSearchProvider, type SemanticSearchFactory, type SemanticSearchProvider } from './semantic-search.js';
import type { LinkSource } from './traversal.js';
import { GraphWriter, type WriteSummary } from './writer.js';

interface GraphServiceOptions {
  clock: Clock;
  /** Every node type the graph accepts (`nodeVocabulary` of the systems' types). */
  nodeTypes: readonly string[];
  /**
   * How entities are found by meaning, built over the graph's storage and its keyword (BM25) search;
   * keyword search alone by default.
   */
  semanticSearch?: SemanticSearchFactory;
  /** Reads tool results into the graph: each system's extractor, and who hears of failures. */
  ingestion?: PipelineHooks & { extractors?: Readonly<Record<string, Extractor>> };
  /** Where traversals read edges (default: the graph's storage). */
  links?: LinkSource;
}

export interface ActivityInput {
  action: string;
  actorType: string;
  actorId: string;
  targetType: string;
  targetId: string;
  properties: Record<string, unknown>;
  /** When it happened (epoch ms); now when absent. */
  at?: number;
}

/** Most private records of one user forgotten at once (far beyond a mailbox's outside correspondents). */
const PRIVATE_RECORDS_CAP = 100_000;

/**
 * The knowledge graph's rules, over its storage: ingestion, lookups (alias-aware for people),
 * traversal, paths, activity and statistics. Every method takes the tenant and stays inside it; the
 * reads are GraphReader's, what builds and writes the graph is here.
 */
export class GraphService extends GraphReader {
  readonly writer: GraphWriter;
  readonly identity: IdentityResolver;
  readonly contexts: ContextService;
  protected readonly semantic: SemanticSearchProvider;
  /** Turns tool executions into graph data (the executor's observers); reads no results without extractors. */
  readonly ingestion: IngestionPipeline;

  /** How entities are found by meaning: `keyword` (bm25) or `hybrid` (embeddings fused with keywords). */
  get semanticMode(): string {
    return this.semantic.mode;
  }
  protected readonly links: LinkSource;
  protected readonly knownTypes: ReadonlySet<string>;

  constructor(
    readonly storage: GraphStorage,
    private readonly options: GraphServiceOptions,
  ) {
    super();
    this.writer = new GraphWriter(storage);
    this.identity = this.writer.identity;
    this.contexts = new ContextService(
      storage,
      this.identity,
      options.clock,
      async (tenantId, type, id) => (await this.requireRow(tenantId, type, id)).id,
    );
    const keyword = new KeywordSearchProvider(storage);
    this.semantic = options.semanticSearch?.(storage, keyword) ?? keyword;
    const { extractors = {}, ...hooks } = options.ingestion ?? { log: silentLogger, onError: () => undefined };
    this.ingestion = new IngestionPipeline(this, extractors, hooks);
    this.links = options.links ?? storage;
    this.knownTypes = new Set(options.nodeTypes);
  }

  /** Resolves once every tool result queued so far is ingested. */
  drain(): Promise<void> {
    return this.ingestion.drain();
  }

  /** Ingests the queued tool results now; resolves once they are written. */
  flush(): Promise<void> {
    return this.ingestion.flush();
  }

  get clock(): Clock {
    return this.options.clock;
  }

  /** The node types the graph accepts, in vocabulary order. */
  get nodeTypes(): readonly string[] {
    return this.options.nodeTypes;
  }

  /**
   * The graph as one user sees it, for every route and tool that answers a caller: other users' private
   * nodes (contexts, what their per-user systems wrote) are left out of results, totals and walks, and not
   * found by id. Shares everything with this service.
   */
  viewedBy(userEmail: string | undefined): GraphService {
    const view = Object.create(this) as GraphService;
    view.visibility = new PrivateVisibility(userEmail);
    view.visibleLinks = view.visibility.linksSeenIn(this.links, this.storage);
    return view;
  }

  /** Writes a batch for the tenant, in generation `epoch` when given (see GraphStorage.writeFor). */
  ingest(tenantId: string, batch: GraphBatch, source: string | null, epoch?: string): Promise<WriteSummary> {
    return this.writer.write(tenantId, batch, source, this.clock.now(), epoch);
  }

  /** Appends an activity record; false when the tenant (in generation `epoch`) no longer exists. */
  async recordActivity(tenantId: string, input: ActivityInput, epoch?: string): Promise<boolean> {
    const [written] = await this.recordActivities([{ tenantId, input, epoch }]);
    return written;
  }

  /** Appends activity records in order, in one write; whether each was (see `recordActivity`). */
  recordActivities(
    records: ReadonlyArray<{ tenantId: string; input: ActivityInput; epoch?: string }>,
  ): Promise<boolean[]> {
    return this.storage.appendActivity(
      records.map(({ tenantId, input: { at, ...record }, epoch }) => ({
        tenantId,
        epoch,
        write: { ...record, timestamp: at ?? this.clock.now(), properties: JSON.stringify(record.properties) },
      })),
    );
  }

  /** Drops activity records older than `days` days (retention); returns how many. */
  async pruneActivity(days: number): Promise<number> {
    await this.ingestion.recorded();
    return this.storage.pruneActivity(this.clock.now() - days * 86_400_000);
  }

  /**
   * Forgets what results of `systems` wrote as private to one user (their mail's and calendar's contacts), with
   * every edge touching it: the user withdrew the access those systems read with. Returns how many nodes went.
   */
  async forgetPrivateRecords(tenantId: string, userEmail: string, systems: readonly string[]): Promise<number> {
    // Results of the user's last calls are written first, so none of their records lands after the forgetting.
    await this.flush();
    const records = await Promise.all(
      PRIVATE_NODE_TYPES.filter((type) => type !== 'context').map((type) =>
        this.storage.searchNodes(tenantId, type, privateRecordConditions(userEmail), PRIVATE_RECORDS_CAP),
      ),
    );
    const written = records.flat().filter((row) => row.source !== null && systems.includes(row.source));
    return written.length === 0
      ? 0
      : this.storage.deleteNodes(
          tenantId,
          written.map((row) => row.id),
        );
  }

  /** Deletes the tenant's nodes, edges, aliases and activity. */
  async clear(tenantId: string): Promise<{ nodes_deleted: number; edges_deleted: number; activity_deleted: number }> {
    const deleted = await this.storage.deleteTenant(tenantId);
    return { nodes_deleted: deleted.nodes, edges_deleted: deleted.edges, activity_deleted: deleted.activity };
  }
}
