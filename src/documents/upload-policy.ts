import type { Db } from '../store/db.js';
import { AppError } from '../toolkit/errors.js';
import { DEFAULT_CHUNK_SIZE, formatBytes, formatCount, LIMIT_VARIABLES, MAX_CHUNK_SIZE, MIN_CHUNK_SIZE, type DocumentLimits } from './limits.js';
import type { Section } from './parse/index.js';

/**
 * Chunks come out smaller than `chunk_size` (they break at paragraphs and sentences): measured on
 * prose, Markdown and table rows, at most 1.35 times `characters / chunk_size` of them, so the floor
 * leaves this much room.
 */
const CHUNK_FILL_ALLOWANCE = 1.5;

/** Seconds a caller refused for having too many uploads running is told to wait. */
const IN_FLIGHT_RETRY_AFTER = 5;

/**
 * The bounds of uploads: how many one tenant may run at once, how many bytes its documents may take
 * (its quota), and how many chunks one document may be cut into (with the `chunk_size` floor that
 * follows from it). Each refusal names its bound and the variable that sets it.
 */
export class UploadPolicy {
  private readonly running = new Map<string, number>();

  constructor(
    private readonly db: Db,
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

  /** Bytes the tenant's documents take against its quota: the sum of their file sizes. */
  usedBytes(tenantId: string): number {
    return this.db.prepare('SELECT coalesce(sum(file_size), 0) FROM documents WHERE tenant_id = ?').pluck().get(tenantId) as number;
  }

  /** 507 when a file of `adding` bytes would take the tenant past its quota. */
  checkQuota(tenantId: string, adding: number): void {
    const quota = this.limits.tenantQuotaBytes;
    if (quota === 0) return;
    const used = this.usedBytes(tenantId);
    if (used + adding <= quota) return;
    throw new AppError(
      'INSUFFICIENT_STORAGE',
      `Storage quota exceeded: this tenant's documents take ${formatBytes(used)} of its ${formatBytes(quota)} (${LIMIT_VARIABLES.tenantQuotaBytes}), so a file of ${formatBytes(adding)} does not fit; delete documents to make room`,
      { details: { used_bytes: used, quota_bytes: quota, file_bytes: adding } },
    );
  }

  /**
   * The chunk size to cut `sections` with: the one asked for, or 1000 when none was, raised to the
   * floor that keeps the document within `maxChunks` chunks. A size asked for below that floor is
   * refused (400) naming the smallest that fits; a document no allowed size fits is 413.
   */
  chunkSize(requested: number | undefined, sections: readonly Section[]): number {
    const characters = sections.reduce((sum, section) => sum + section.text.length, 0);
    const floor = Math.max(MIN_CHUNK_SIZE, Math.ceil((characters * CHUNK_FILL_ALLOWANCE) / this.limits.maxChunks));
    const bound = `${formatCount(this.limits.maxChunks)} chunks (${LIMIT_VARIABLES.maxChunks})`;
    if (floor > MAX_CHUNK_SIZE)
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `The document holds ${formatCount(characters)} characters: more than ${bound} of the largest chunk_size, ${MAX_CHUNK_SIZE}, can hold`,
      );
    if (requested === undefined) return Math.max(DEFAULT_CHUNK_SIZE, floor);
    if (requested < floor)
      throw new AppError(
        'VALIDATION_ERROR',
        `chunk_size ${requested} is too small for this document: its ${formatCount(characters)} characters would make more than ${bound}; the smallest chunk_size for it is ${floor}`,
      );
    return requested;
  }

  /** 413 when a document was cut into more chunks than one document may have (the floor's allowance fell short). */
  checkChunkCount(count: number, chunkSize: number): void {
    const max = this.limits.maxChunks;
    if (count <= max) return;
    const larger = Math.min(MAX_CHUNK_SIZE, Math.ceil((chunkSize * count * 11) / (max * 10)));
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The document would be cut into ${formatCount(count)} chunks, more than ${formatCount(max)} (${LIMIT_VARIABLES.maxChunks}): upload it with a larger chunk_size (about ${larger}) or in parts`,
    );
  }
}
