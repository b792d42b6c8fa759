import type { Logger } from '../toolkit/context.js';

/**
 * Bumps of tenants' cache generations (TenantStore.bumpCacheGeneration), each remembered until it has
 * committed. The answer to a change waits for its bump (`settled`), so that a read sent after that
 * answer, whichever node takes it, finds the new generation and misses every cache keyed by the old.
 */
export class CacheGenerationBumps {
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    private readonly bumpRow: (tenantId: string) => Promise<void>,
    private readonly log: Logger,
  ) {}

  /** Starts a new generation; resolves once it is stored. A failure is logged: the change itself stands. */
  bump(tenantId: string): Promise<void> {
    const bumped = this.bumpRow(tenantId).catch((error: unknown) =>
      this.log.warn('cache generation bump failed: other nodes may serve cached reads until they expire', {
        tenant_id: tenantId,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    this.running.set(tenantId, bumped);
    void bumped.then(() => {
      if (this.running.get(tenantId) === bumped) this.running.delete(tenantId);
    });
    return bumped;
  }

  /**
   * Resolves once the tenant's latest bump has committed, starting one when none is running. A change
   * that went through the executor started its bump when it finished (the executor tells its observers
   * before the route answers), so waiting for the latest one covers it.
   */
  settled(tenantId: string): Promise<void> {
    return this.running.get(tenantId) ?? this.bump(tenantId);
  }
}
