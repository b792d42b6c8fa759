import { createHash } from 'node:crypto';
import type { Viewer } from './extractor.js';

/** Tenants remembered at most (the longest unseen forgotten first), and results per tenant. */
const MAX_TENANTS = 256;
const MAX_RESULTS_PER_TENANT = 128;

/** What a result's write depends on besides the graph itself. */
export interface ResultToWrite {
  tenantId: string;
  /** The tenant generation the call ran under: a later tenant of the same id never receives it. */
  epoch?: string;
  system: string;
  tool: string;
  args: Record<string, unknown>;
  result: Record<string, unknown>;
  viewerEmail?: string;
}

interface TenantResults {
  /** The graph's version at which every result here was found already written. */
  version: string;
  /** Entities each result wrote, by the result's fingerprint. */
  entities: Map<string, number>;
}

/**
 * The results lately found already written for each tenant, while the graph has not changed since: a serial
 * client calling the same tools again sends the same results, and writing one again would change no row.
 * A result is remembered only once its write changed nothing (its first write changes the graph, and the
 * version then moves, for this result as for any other), and only while no write of the graph moves the
 * version; the memory is bounded.
 */
export class RepeatedResults {
  private readonly tenants = new Map<string, TenantResults>();

  constructor(readonly version: () => string) {}

  /** The fingerprint of a result and what it is written for; undefined when it has none (not JSON). */
  fingerprintOf(item: ResultToWrite): string | undefined {
    try {
      const { tenantId, epoch, system, tool, viewerEmail, args, result } = item;
      const text = JSON.stringify([tenantId, epoch, system, tool, viewerEmail, args, result]);
      return createHash('sha256').update(text).digest('base64');
    } catch {
      return undefined;
    }
  }

  /** The entities a result wrote when it is already in the graph as it stands; else undefined. */
  written(tenantId: string, fingerprint: string): number | undefined {
    const known = this.tenants.get(tenantId);
    if (!known) return undefined;
    if (known.version !== this.version()) {
      this.tenants.delete(tenantId);
      return undefined;
    }
    return known.entities.get(fingerprint);
  }

  /**
   * After a result's write that began at graph version `before`: remembered when the version has not moved
   * (the write changed nothing, nor did anything else), else the tenant's results are forgotten.
   */
  remember(tenantId: string, fingerprint: string, before: string, entities: number): void {
    if (this.version() !== before) {
      this.tenants.delete(tenantId);
      return;
    }
    let known = this.tenants.get(tenantId);
    if (known?.version !== before) {
      known = { version: before, entities: new Map() };
      if (!this.tenants.has(tenantId) && this.tenants.size >= MAX_TENANTS)
        this.tenants.delete(this.tenants.keys().next().value as string);
    }
    // Most recently written last: the tenant and the result go to the end of their maps.
    this.tenants.delete(tenantId);
    this.tenants.set(tenantId, known);
    known.entities.delete(fingerprint);
    if (known.entities.size >= MAX_RESULTS_PER_TENANT)
      known.entities.delete(known.entities.keys().next().value as string);
    known.entities.set(fingerprint, entities);
  }

  /** Forgets every result (a write thought done may not have been kept). */
  forget(): void {
    this.tenants.clear();
  }
}

/**
 * The viewer as the extraction sees it, and whether the extraction asked it who is in the organisation: such
 * an answer may change with no change of the result (a domain added to the policy), so that result is not
 * remembered.
 */
export function watchedViewer(viewer: Viewer | undefined): { viewer: Viewer | undefined; asked: () => boolean } {
  if (!viewer) return { viewer, asked: () => false };
  let asked = false;
  return {
    viewer: {
      email: viewer.email,
      inOrganization: (address) => {
        asked = true;
        return viewer.inOrganization(address);
      },
    },
    asked: () => asked,
  };
}
