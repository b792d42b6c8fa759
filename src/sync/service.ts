import type { FleetJobs, JobOutcome } from '../store/fleet-jobs.js';
import type { Clock } from '../toolkit/context.js';
import { AppError } from '../toolkit/errors.js';
import type { SyncRunner } from './runner.js';
import type { SyncSettings, SyncStore, SystemSyncStatus } from './store.js';
import type { TenantConnections } from './tenant-connections.js';

/** How often every node looks for tenants whose sync is due. */
export const SYNC_TICK_MS = 60_000;
const SCHEDULE_JOB = 'graph.sync.schedule';
const TENANT_JOB = 'graph.sync.tenant';
// A lock per tenant, one metric label for them all.
const tenantJob = (tenantId: string) => `${TENANT_JOB}.${tenantId}`;

export interface SyncStatusView {
  enabled: boolean;
  interval_minutes: number | null;
  systems: SystemSyncStatus[];
}

/**
 * Each tenant's background sync: its settings, its status, and the runs, each on one node of a fleet at
 * a time (a fleet job per tenant: the node that takes the lock runs it, the others skip that turn).
 */
export class GraphSync {
  constructor(
    private readonly store: SyncStore,
    private readonly runner: Pick<SyncRunner, 'run'>,
    private readonly jobs: FleetJobs,
    private readonly clock: Clock,
    /** The systems the sync reads, for naming a bad `systems` entry. */
    readonly systemIds: readonly string[],
    /** What the tenant-wide systems are read with: connections an administrator kept for the tenant. */
    readonly connections: TenantConnections,
  ) {}

  settings(tenantId: string): Promise<SyncSettings | undefined> {
    return this.store.settings(tenantId);
  }

  async configure(tenantId: string, settings: SyncSettings): Promise<SyncSettings> {
    const unknown = (settings.systems ?? []).filter((system) => !this.systemIds.includes(system));
    if (unknown.length)
      throw new AppError(
        'VALIDATION_ERROR',
        `systems: the sync reads none of ${unknown.join(', ')}; it reads ${this.systemIds.join(', ')}`,
      );
    if (!(await this.store.putSettings(tenantId, settings, this.clock.now())))
      throw new AppError('TENANT_NOT_FOUND', `Tenant not found: ${tenantId}`);
    return settings;
  }

  async status(tenantId: string): Promise<SyncStatusView> {
    const settings = await this.store.settings(tenantId);
    return {
      enabled: settings?.enabled ?? false,
      interval_minutes: settings?.interval_minutes ?? null,
      // Which users consented, and how far each was read, stays with the sync.
      systems: (await this.store.statuses(tenantId)).map(({ readers: _readers, ...shown }) => shown),
    };
  }

  /** Syncs the tenant now (when its sync is on), unless another node is syncing it. */
  async runNow(tenantId: string): Promise<JobOutcome | 'stopped' | 'off'> {
    const settings = await this.store.settings(tenantId);
    if (!settings?.enabled) return 'off';
    return this.jobs.run(tenantJob(tenantId), () => this.runner.run(tenantId, settings), TENANT_JOB);
  }

  /** Syncs every tenant whose interval has passed since its last run began. */
  async runDue(): Promise<void> {
    const now = this.clock.now();
    for (const { tenantId, settings } of await this.store.enabledTenants()) {
      const started = (await this.store.statuses(tenantId))
        .map((s) => (s.last_started_at ? Date.parse(s.last_started_at) : 0))
        .reduce((a, b) => Math.max(a, b), 0);
      if (now - started >= settings.interval_minutes * 60_000) await this.runNow(tenantId);
    }
  }

  /** Looks for due tenants now and every minute until the jobs stop. */
  schedule(): void {
    this.jobs.every(SCHEDULE_JOB, SYNC_TICK_MS, () => this.runDue());
  }
}
