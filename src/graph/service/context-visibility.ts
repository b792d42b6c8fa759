import type { EdgeRefRow, NodeRow } from '../store/rows.js';
import { contextOwner, ContextService } from './context-service.js';

/**
 * Contexts are personal: a user sees their own and no one else's. Another user's context is absent
 * from every result (search, traversal, paths, relationships, queries) and not found by id.
 */
export class ContextVisibility {
  private readonly viewer: string | null;

  /** `userEmail` of the viewing user; without one (a token with no user) no context is visible. */
  constructor(userEmail: string | undefined) {
    this.viewer = userEmail ? ContextService.normalizeUserId(userEmail) : null;
  }

  hides(row: Pick<NodeRow, 'node_type' | 'properties'>): boolean {
    const owner = contextOwner(row);
    return owner !== undefined && owner !== this.viewer;
  }

  /** The rowids among `rows` the viewer may not see. */
  hiddenRowids(rows: readonly NodeRow[]): Set<number> {
    return new Set(rows.filter((row) => this.hides(row)).map((row) => row.id));
  }

  /** Relationship rows without those whose other end is a hidden context (`load` reads context rows). */
  async visibleRefs(refs: EdgeRefRow[], load: (rowids: number[]) => Promise<NodeRow[]>): Promise<EdgeRefRow[]> {
    const contexts = [
      ...new Set(
        refs.flatMap((r) => [r.from_type === 'context' ? r.from_id : -1, r.to_type === 'context' ? r.to_id : -1]),
      ),
    ].filter((id) => id >= 0);
    if (contexts.length === 0) return refs;
    const hidden = this.hiddenRowids(await load(contexts));
    return refs.filter((r) => !hidden.has(r.from_id) && !hidden.has(r.to_id));
  }
}
