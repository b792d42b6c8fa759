/** How a tenant's background sync is switched on: its schedule and the systems it reads. */
export interface SyncSettings {
  enabled: boolean;
  interval_minutes: number;
  /** Only these systems (all the sync knows when absent). */
  systems?: string[];
  /** How far back the first run of a system reads. */
  initial_window_days: number;
}

export type SyncState = 'idle' | 'running' | 'failed';

/** What the last (or running) sync of one system did. */
export interface SystemSyncStatus {
  system: string;
  state: SyncState;
  last_started_at: string | null;
  last_finished_at: string | null;
  /** The `updated` watermark: the next run reads what changed since. */
  cursor: string | null;
  /** When the lists without a change order (people, pages, records) were last read whole. */
  directory_read_at: string | null;
  items_read: number;
  upstream_requests: number;
  last_failure: string | null;
  /** While running: the steps done of the run's steps; why it paused when it left work for later. */
  progress: { steps_done: number; steps_total: number; note?: string } | null;
  /**
   * A per-user system's watermarks, one per consenting user (by email): each user's mail is read from where
   * that user's last run left off, so one who consents later is read from the window's start. Kept out of the
   * status callers see (it names who consented).
   */
  readers?: Record<string, ReaderMark>;
}

/** Where one reader of a per-user system left off. */
export interface ReaderMark {
  cursor: string | null;
  directory_read_at: string | null;
}

/**
 * Each tenant's sync settings and per-system results (SQLite: `store-sqlite.ts`, PostgreSQL: `store-pg.ts`),
 * gone with the tenant.
 */
export interface SyncStore {
  settings(tenantId: string): Promise<SyncSettings | undefined>;
  /** False when the tenant does not exist. */
  putSettings(tenantId: string, settings: SyncSettings, at: number): Promise<boolean>;
  /** Tenants whose sync is on. */
  enabledTenants(): Promise<Array<{ tenantId: string; settings: SyncSettings }>>;
  statuses(tenantId: string): Promise<SystemSyncStatus[]>;
  /** False when the tenant is gone (a sync must then stop). */
  putStatus(tenantId: string, status: SystemSyncStatus): Promise<boolean>;
  deleteTenant(tenantId: string): Promise<number>;
}
