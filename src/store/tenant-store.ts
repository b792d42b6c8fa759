import { randomBytes } from 'node:crypto';

export interface TenantRow {
  id: string;
  consumerId: string;
  name: string | null;
  description: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What every request reads of its tenant, in one lookup. */
export interface TenantState {
  /** The tenant's generation (tokens carry it). */
  epoch: string;
  /** Changes with anything that may alter what a cached read shows (see `bumpCacheGeneration`). */
  cacheGeneration: string;
}

/**
 * The tenants table, on either backend. Every request reads a tenant's epoch (tokens carry it), so
 * `epochOf` is one primary-key lookup.
 */
export interface TenantStore {
  get(id: string): Promise<TenantRow | undefined>;
  /** Every tenant, by id. */
  list(): Promise<TenantRow[]>;
  /** The tenant's current generation (tokens carry it); undefined when there is no such tenant. */
  epochOf(id: string): Promise<string | undefined>;
  /** The tenant's epoch and cache generation, read together; undefined when there is no such tenant. */
  stateOf(id: string): Promise<TenantState | undefined>;
  /**
   * Starts a new cache generation of the tenant (one UPDATE): every process's caches keyed by the old one
   * miss from the next request on. Nothing happens when there is no such tenant.
   */
  bumpCacheGeneration(id: string): Promise<void>;
  /**
   * Inserts a tenant with a new random epoch; false when the id exists already. One statement with
   * `ON CONFLICT DO NOTHING`: of two servers creating the same tenant at once, one inserts and the other
   * gets false, never an error.
   */
  insert(row: TenantRow): Promise<boolean>;
  /** Changes a tenant's fields (not its id, creation time or epoch); false when there is no such tenant. */
  update(row: TenantRow): Promise<boolean>;
  /**
   * Deletes the tenant row; false when there was none. Once it is gone every tenant gate refuses writes
   * for the tenant (see tenant-gate.ts), so the rows the areas hold can be purged after it without a
   * new one appearing. On PostgreSQL those rows reference the tenant `ON DELETE CASCADE` and go with it.
   */
  remove(id: string): Promise<boolean>;
}

/** A fresh tenant generation. */
export const newEpoch = (): string => randomBytes(16).toString('hex');
