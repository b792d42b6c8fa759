import type pg from 'pg';
import type { Db } from './db.js';
import { databaseUrlFrom } from './pg/database-url.js';

/**
 * Where an installation keeps its data. Each storage area has an async interface of its own (next to the
 * feature: `TaskStore`, `AnalyticsCacheStore`...) with one implementation per backend beside it
 * (`*-sqlite.ts` over the installation's SQLite handle, `*-pg.ts` over a `pg` pool). Callers see only the
 * interface; `storeOn` picks the implementation.
 */
export type StoreBackend =
  { readonly kind: 'sqlite'; readonly db: Db } | { readonly kind: 'postgres'; readonly pool: pg.Pool };

/** How an area builds its store on either backend. */
export interface StoreFactories<Store> {
  sqlite: (db: Db) => Store;
  postgres: (pool: pg.Pool) => Store;
}

/** The area's store on `backend`. */
export function storeOn<Store>(backend: StoreBackend, factories: StoreFactories<Store>): Store {
  return backend.kind === 'sqlite' ? factories.sqlite(backend.db) : factories.postgres(backend.pool);
}

/** Which backend the environment asks for: PostgreSQL when `CONSTELLATION_DATABASE_URL` is set, else the SQLite file. */
export function backendChoiceFrom(env: NodeJS.ProcessEnv): { kind: 'sqlite' } | { kind: 'postgres'; url: string } {
  const url = databaseUrlFrom(env);
  return url ? { kind: 'postgres', url } : { kind: 'sqlite' };
}
