import type { NodeRow } from '../store/rows.js';
import type { GraphService } from './graph-service.js';

/** At most this many people are listed when a name is ambiguous. */
const MAX_CANDIDATES = 10;

const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The people `query` names: the one known under it as an identifier (email, login, account or member id,
 * node id), else everyone whose name holds each of its words. Never a guess: several matches are all returned.
 */
export async function findPeople(graph: GraphService, tenantId: string, query: string): Promise<NodeRow[]> {
  const exact = await graph.findRow(tenantId, 'user', query.trim());
  if (exact) return [exact];
  const words = wordsOf(query);
  if (words.length === 0) return [];
  const hits = await graph.semanticSearch(tenantId, query, { types: ['user'], limit: 50 });
  const named = hits.filter((hit) => {
    const name = wordsOf(typeof hit.properties.name === 'string' ? hit.properties.name : '');
    return words.every((word) => name.includes(word));
  });
  const rows = await Promise.all(
    named.slice(0, MAX_CANDIDATES).map((hit) => graph.findRow(tenantId, 'user', hit.node_id)),
  );
  return rows.filter((row): row is NodeRow => row !== undefined);
}
