import type { Db } from '../../store/db.js';
import type { TenantGate } from '../../store/tenant-gate.js';
import type { Direction } from '../types.js';
import { ActivityRepo } from './activity-repo.js';
import { AliasesRepo } from './aliases-repo.js';
import { EdgesRepo } from './edges-repo.js';
import type {
  ActivityTimelineQuery,
  AliasLink,
  GraphStorage,
  GraphWrites,
  KeywordHit,
  KeywordQuery,
  PatternQuery,
  TenantActivityWrite,
  TenantGraphDeleted,
} from './graph-storage.js';
import { MatchRepo } from './match-repo.js';
import { NodesRepo } from './nodes-repo.js';
import { PostingsRepo } from './postings-repo.js';
import type { ActivityRow, Condition, EdgeLink, EdgeRefRow, NodeRow } from './rows.js';

/** Nodes deleted per statement by `deleteNodesWhere`. */
const DELETE_BATCH = 500;

/**
 * The graph in the installation's SQLite file: the repositories' synchronous SQL behind the async
 * interface (every promise is settled by the time it is returned).
 */
export class SqliteGraphStorage implements GraphStorage {
  private readonly nodesRepo: NodesRepo;
  private readonly edges: EdgesRepo;
  private readonly aliases: AliasesRepo;
  private readonly activity: ActivityRepo;
  private readonly match: MatchRepo;
  private readonly postings: PostingsRepo;
  // Built once: better-sqlite3 builds a transaction function with its variants on every `db.transaction`.
  private readonly inTransaction: <T>(fn: () => T) => T;
  /** Opens a transaction, or a savepoint inside one already open; returns how to end it. */
  private readonly begin: () => { commit: () => void; rollback: () => void };
  /** The tail of the gated writes, one at a time (see `writeFor`), and how many are under way. */
  private writing: Promise<void> = Promise.resolve();
  private pendingWrites = 0;

  /** `gate` decides whether a tenant may still be written for; every tenant may when none is given. */
  constructor(
    db: Db,
    private readonly gate: TenantGate = () => true,
  ) {
    this.nodesRepo = new NodesRepo(db);
    this.edges = new EdgesRepo(db);
    this.aliases = new AliasesRepo(db);
    this.activity = new ActivityRepo(db);
    this.match = new MatchRepo(db);
    this.postings = new PostingsRepo(db);
    const run = db.transaction((fn: () => unknown) => fn());
    this.inTransaction = <T>(fn: () => T) => run(fn) as T;
    const statement = (sql: string) => {
      const prepared = db.prepare(sql);
      return () => void prepared.run();
    };
    const own = { begin: statement('BEGIN IMMEDIATE'), commit: statement('COMMIT'), rollback: statement('ROLLBACK') };
    // Inside a transaction already open (the deferred writes of several stores, written together) a write
    // is a savepoint of it.
    const release = statement('RELEASE graph_write');
    const rollbackTo = statement('ROLLBACK TO graph_write');
    const nested = {
      begin: statement('SAVEPOINT graph_write'),
      commit: release,
      rollback: () => {
        rollbackTo();
        release();
      },
    };
    this.begin = () => {
      const chosen = db.inTransaction ? nested : own;
      chosen.begin();
      return chosen;
    };
  }

  /**
   * better-sqlite3 cannot run an async callback inside `db.transaction()`, so the transaction is opened
   * and closed by hand; gated writes queue behind each other so that two never share one transaction.
   * With none under way a write starts at once, so its rows are there for the reads that follow the
   * call, as they were when writes were synchronous. Work that awaits only `writes` (settled promises
   * here) ends within one turn of the event loop, so nothing else writes into the open transaction.
   */
  writeFor<T>(
    tenantId: string,
    epoch: string | undefined,
    work: (writes: GraphWrites) => Promise<T>,
  ): Promise<T | undefined> {
    return this.oneAtATime(() => this.gatedTransaction(tenantId, epoch, work));
  }

  /** Runs `run` once the writes before it are done (at once when there are none). */
  private oneAtATime<T>(run: () => Promise<T>): Promise<T> {
    const result = this.pendingWrites === 0 ? run() : this.writing.then(run);
    this.pendingWrites++;
    const settled = () => void this.pendingWrites--;
    this.writing = result.then(settled, settled);
    return result;
  }

  private async gatedTransaction<T>(
    tenantId: string,
    epoch: string | undefined,
    work: (writes: GraphWrites) => Promise<T>,
  ): Promise<T | undefined> {
    const transaction = this.begin();
    try {
      const result = this.gate(tenantId, epoch) ? await work(this.writesFor(tenantId)) : undefined;
      transaction.commit();
      return result;
    } catch (error) {
      transaction.rollback();
      throw error;
    }
  }

  private writesFor(tenantId: string): GraphWrites {
    const { nodesRepo: nodes, edges, aliases, postings } = this;
    return {
      upsertNodes: async (writes) => {
        const written = new Map<number, string>();
        const rowids = nodes.upsert(tenantId, writes).map(({ rowid, text }) => {
          if (text !== undefined) written.set(rowid, text);
          return rowid;
        });
        postings.index(tenantId, written);
        return rowids;
      },
      upsertEdges: async (writes) => {
        edges.upsert(tenantId, writes);
      },
      patchNodes: async (patches, now) => postings.index(tenantId, nodes.patchAll(tenantId, patches, now)),
      lookupAliases: async (names) => aliases.lookup(tenantId, names),
      manualAliases: async (names) => aliases.manual(tenantId, names),
      setAliases: async (writes) => {
        for (const write of writes) aliases.set(tenantId, write);
      },
      linkAliases: async (links, rowid) => {
        for (const link of links) aliases.link(tenantId, link, rowid);
      },
      unlinkAlias: async (alias, rowid) => aliases.unlink(tenantId, alias, rowid),
      mergeNode: async (from, into, now) => {
        const row = nodes.getByRowid(tenantId, from);
        if (!row) return;
        edges.moveEdges(tenantId, from, into);
        aliases.repoint(tenantId, from, into);
        const text = nodes.patch(tenantId, into, row.properties, now);
        if (text !== undefined) postings.index(tenantId, new Map([[into, text]]));
        nodes.deleteMany(tenantId, [from]);
      },
    };
  }

  appendActivity(records: readonly TenantActivityWrite[]): Promise<boolean[]> {
    return this.oneAtATime(async () =>
      this.inTransaction(() => {
        // Records come in runs of one tenant's calls: its gate is read once a run.
        let gated: { tenantId: string; epoch?: string; allowed: boolean } | undefined;
        return records.map(({ tenantId, epoch, write }) => {
          if (gated?.tenantId !== tenantId || gated.epoch !== epoch)
            gated = { tenantId, epoch, allowed: this.gate(tenantId, epoch) };
          if (gated.allowed) this.activity.insert(tenantId, write);
          return gated.allowed;
        });
      }),
    );
  }

  async node(tenantId: string, type: string, id: string): Promise<NodeRow | undefined> {
    return this.nodesRepo.get(tenantId, type, id);
  }

  async nodeByRowid(tenantId: string, rowid: number): Promise<NodeRow | undefined> {
    return this.nodesRepo.getByRowid(tenantId, rowid);
  }

  async nodes(tenantId: string, rowids: readonly number[]): Promise<NodeRow[]> {
    return this.nodesRepo.getMany(tenantId, rowids);
  }

  async searchNodes(
    tenantId: string,
    type: string | undefined,
    conditions: readonly Condition[],
    limit: number,
  ): Promise<NodeRow[]> {
    return this.nodesRepo.search(tenantId, type, conditions, limit);
  }

  async countNodesByType(tenantId: string): Promise<Record<string, number>> {
    return this.nodesRepo.countByType(tenantId);
  }

  async deleteNodes(tenantId: string, rowids: readonly number[]): Promise<number> {
    return this.nodesRepo.deleteMany(tenantId, rowids);
  }

  async deleteNodesWhere(tenantId: string, type: string, conditions: readonly Condition[]): Promise<number> {
    const batch = () => this.nodesRepo.search(tenantId, type, conditions, DELETE_BATCH).map((row) => row.id);
    return this.inTransaction(() => {
      let removed = 0;
      for (let rowids = batch(); rowids.length > 0; rowids = batch())
        removed += this.nodesRepo.deleteMany(tenantId, rowids);
      return removed;
    });
  }

  async deleteExpired(tenantId: string, now: number): Promise<number> {
    const expired = this.nodesRepo.expiredRowids(tenantId, now);
    return expired.length ? this.nodesRepo.deleteMany(tenantId, expired) : 0;
  }

  async tenantsWithExpired(now: number): Promise<string[]> {
    return this.nodesRepo.tenantsWithExpired(now);
  }

  async links(
    tenantId: string,
    rowids: readonly number[],
    direction: Direction,
    edgeTypes?: readonly string[],
  ): Promise<EdgeLink[]> {
    return this.edges.links(tenantId, rowids, direction, edgeTypes);
  }

  async edgeRefs(
    tenantId: string,
    rowid: number,
    direction: 'out' | 'in' | 'both',
    edgeType: string | undefined,
    limit: number,
  ): Promise<EdgeRefRow[]> {
    return this.edges.refsOf(tenantId, rowid, direction, edgeType, limit);
  }

  async countEdges(tenantId: string): Promise<number> {
    return this.edges.count(tenantId);
  }

  async countEdgesByType(tenantId: string): Promise<Record<string, number>> {
    return this.edges.countByType(tenantId);
  }

  async matchPattern(tenantId: string, query: PatternQuery): Promise<EdgeLink[]> {
    return this.match.pattern(tenantId, query);
  }

  async lookupAliases(tenantId: string, aliases: readonly string[]): Promise<Map<string, number>> {
    return this.aliases.lookup(tenantId, aliases);
  }

  async aliasesOf(tenantId: string, rowid: number): Promise<string[]> {
    return this.aliases.ofNode(tenantId, rowid);
  }

  async aliasLinksOf(tenantId: string, rowid: number): Promise<AliasLink[]> {
    return this.aliases.linksOf(tenantId, rowid);
  }

  async keywordSearch(tenantId: string, query: KeywordQuery): Promise<KeywordHit[]> {
    return query.words.length ? this.match.keyword(tenantId, query) : [];
  }

  async activityFeed(tenantId: string, limit: number): Promise<ActivityRow[]> {
    return this.activity.feed(tenantId, limit);
  }

  async activityTimeline(tenantId: string, query: ActivityTimelineQuery): Promise<ActivityRow[]> {
    return this.activity.timeline(tenantId, query.type, query.targetIds, query.actorIds, query.limit);
  }

  async countActivity(tenantId: string): Promise<number> {
    return this.activity.count(tenantId);
  }

  async pruneActivity(cutoff: number): Promise<number> {
    return this.activity.pruneOlderThan(cutoff);
  }

  async deleteTenant(tenantId: string): Promise<TenantGraphDeleted> {
    return this.inTransaction(() => {
      const edges = this.edges.deleteTenant(tenantId);
      this.aliases.deleteTenant(tenantId);
      const nodes = this.nodesRepo.deleteTenant(tenantId);
      const activity = this.activity.deleteTenant(tenantId);
      this.match.deleteTenantTotals(tenantId);
      return { nodes, edges, activity };
    });
  }
}
