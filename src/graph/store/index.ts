import type { Db } from '../../store/db.js';
import type { TenantGate } from '../../store/tenant-gate.js';
import { ActivityRepo } from './activity-repo.js';
import { AliasesRepo } from './aliases-repo.js';
import { EdgesRepo } from './edges-repo.js';
import { MatchRepo } from './match-repo.js';
import { NodesRepo } from './nodes-repo.js';

/** The graph's repositories over one database, and its transactions. */
export class GraphStore {
  readonly nodes: NodesRepo;
  readonly edges: EdgesRepo;
  readonly aliases: AliasesRepo;
  readonly activity: ActivityRepo;
  readonly match: MatchRepo;
  // Built once: better-sqlite3 builds a transaction function with its variants on every `db.transaction`.
  private readonly inTransaction: <T>(fn: () => T) => T;

  /** `gate` decides whether a tenant may still be written for; every tenant may when none is given. */
  constructor(
    readonly db: Db,
    private readonly gate: TenantGate = () => true,
  ) {
    this.nodes = new NodesRepo(db);
    this.edges = new EdgesRepo(db);
    this.aliases = new AliasesRepo(db);
    this.activity = new ActivityRepo(db);
    this.match = new MatchRepo(db);
    const run = db.transaction((fn: () => unknown) => fn());
    this.inTransaction = <T>(fn: () => T) => run(fn) as T;
  }

  /** Runs `fn` in one transaction (nested calls become savepoints). */
  transaction<T>(fn: () => T): T {
    return this.inTransaction(fn);
  }

  /**
   * Runs `fn` in one transaction if the tenant still exists in generation `epoch` (checked inside that
   * transaction, so a tenant deleted meanwhile gets nothing written); undefined when refused.
   */
  writeFor<T>(tenantId: string, epoch: string | undefined, fn: () => T): T | undefined {
    return this.inTransaction(() => (this.gate(tenantId, epoch) ? fn() : undefined));
  }
}
