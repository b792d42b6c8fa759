import type { Statement } from 'better-sqlite3';
import type { Db } from '../../store/db.js';
import type { GraphStorage } from '../store/graph-storage.js';

/** The storage methods that may change the graph's entities (activity records are not entities). */
const WRITES = new Set<PropertyKey>([
  'writeFor',
  'writeBatch',
  'deleteNodes',
  'deleteNodesWhere',
  'deleteExpired',
  'deleteTenant',
] satisfies Array<keyof GraphStorage>);

/** The graph's storage, and a version that moves whenever its entities may have changed. */
export interface WatchedGraph {
  storage: GraphStorage;
  /** Equal at two moments only when no entity of any tenant changed between them. */
  version(): string;
}

/**
 * Watches a SQLite graph for changes: a write of this process that changed a row (the connection's change
 * count moved while it ran; a write that found everything as it was changes none) moves the version, as does
 * another connection's commit to the file (`PRAGMA data_version`). A change count that moves for a write
 * beside the graph's (one that ran meanwhile) only moves the version once more than needed.
 */
export function watchSqliteGraph(db: Db, storage: GraphStorage): WatchedGraph {
  const changes: Statement = db.prepare('SELECT total_changes()').pluck();
  const dataVersion: Statement = db.prepare('PRAGMA data_version').pluck();
  let writes = 0;
  const watchedWrite =
    (write: (...args: unknown[]) => Promise<unknown>) =>
    async (...args: unknown[]): Promise<unknown> => {
      const before = changes.get() as number;
      try {
        return await write.apply(storage, args);
      } finally {
        if (!db.open || changes.get() !== before) writes++;
      }
    };
  const wrapped = new Map<PropertyKey, unknown>();
  const watched = new Proxy(storage, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name, target);
      if (typeof value !== 'function') return value;
      let bound = wrapped.get(name);
      if (bound === undefined) {
        const method = value as (...args: unknown[]) => Promise<unknown>;
        bound = WRITES.has(name) ? watchedWrite(method) : method.bind(target);
        wrapped.set(name, bound);
      }
      return bound;
    },
  });
  return {
    storage: watched,
    version: () => (db.open ? `${String(dataVersion.get())}:${writes}` : `closed:${writes}`),
  };
}
