import type { DocumentStorage } from './storage.js';
import { AppError } from '../toolkit/errors.js';
import { LIMIT_VARIABLES, type DocumentLimits } from '../config/documents.js';
import { formatBytes } from './limits.js';

/** Seconds a caller refused for having too many uploads running is told to wait. */
const IN_FLIGHT_RETRY_AFTER = 5;

/**
 * The per-tenant bounds of uploads: how many one tenant may run at once, and how many bytes its
 * documents may take (its quota). Each refusal names its bound and the variable that sets it.
 */
export class UploadPolicy {
  private readonly running = new Map<string, number>();

  constructor(
    private readonly store: Pick<DocumentStorage, 'usedBytes'>,
    readonly limits: DocumentLimits,
  ) {}

  /**
   * Takes one of the tenant's upload slots for as long as the upload runs (its body still arriving
   * included); the returned function gives it back, once however often it is called. 429 when the
   * tenant has all its slots taken.
   */
  enter(tenantId: string): () => void {
    const max = this.limits.maxUploadsInFlight;
    const running = this.uploadsInFlight(tenantId);
    if (max > 0 && running >= max) {
      throw new AppError(
        'RATE_LIMITED',
        `Too many uploads at once: this tenant already has ${running} running, the most it may have (${LIMIT_VARIABLES.maxUploadsInFlight}); try again when one finishes`,
        { retryAfter: IN_FLIGHT_RETRY_AFTER },
      );
    }
    this.running.set(tenantId, running + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = this.uploadsInFlight(tenantId) - 1;
      if (left > 0) this.running.set(tenantId, left);
      else this.running.delete(tenantId);
    };
  }

  uploadsInFlight(tenantId: string): number {
    return this.running.get(tenantId) ?? 0;
  }

  /** 507 when a file of `adding` bytes would take the tenant past its quota. */
  async checkQuota(tenantId: string, adding: number): Promise<void> {
    if (this.limits.tenantQuotaBytes === 0) return;
    this.admit(await this.store.usedBytes(tenantId), adding);
  }

  /** 507 when a file of `adding` bytes does not fit beside the `used` bytes of the tenant's documents. */
  admit(used: number, adding: number): void {
    const quota = this.limits.tenantQuotaBytes;
    if (quota === 0 || used + adding <= quota) return;
    throw new AppError(
      'INSUFFICIENT_STORAGE',
      `Storage quota exceeded: this tenant's documents take ${formatBytes(used)} of its ${formatBytes(quota)} (${LIMIT_VARIABLES.tenantQuotaBytes}), so a file of ${formatBytes(adding)} does not fit; delete documents to make room`,
      { details: { used_bytes: used, quota_bytes: quota, file_bytes: adding } },
    );
  }
}
