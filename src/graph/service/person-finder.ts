import type { NodeRow } from '../store/rows.js';
import type { GraphService } from './graph-service.js';

/** At most this many people are listed when a name is ambiguous. */
const MAX_CANDIDATES = 10;
/** The node type of a person outside the organisation. */
const CONTACT = 'contact';

const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The people `query` names: the colleague known under it as an identifier (email, login, account or member
 * id, node id), else the contacts (people outside the organisation, as the viewer sees them) of that node id
 * or email, else every colleague whose name holds each of its words. Never a guess: several matches are all
 * returned, and a contact is never taken for a colleague.
 */
export async function findPeople(graph: GraphService, tenantId: string, query: string): Promise<NodeRow[]> {
  const exact = await graph.findRow(tenantId, 'user', query.trim());
  if (exact) return [exact];
  const contacts = await findContacts(graph, tenantId, query.trim());
  if (contacts.length > 0) return contacts;
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

/** The contacts the viewer sees under this node id or of this email (the CRM's, and those of their own mail). */
async function findContacts(graph: GraphService, tenantId: string, query: string): Promise<NodeRow[]> {
  if (!graph.nodeTypes.includes(CONTACT)) return [];
  const byId = await graph.findRow(tenantId, CONTACT, query);
  if (!query.includes('@')) return byId ? [byId] : [];
  const byEmail = await graph.search(tenantId, CONTACT, { email: query.toLowerCase() }, MAX_CANDIDATES);
  const ids = new Set([...(byId ? [byId.node_id] : []), ...byEmail.map((node) => node.node_id)]);
  const rows = await Promise.all([...ids].map((id) => graph.findRow(tenantId, CONTACT, id)));
  return rows.filter((row): row is NodeRow => row !== undefined);
}
