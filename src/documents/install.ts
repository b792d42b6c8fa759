import type { DocumentSettings } from '../config/documents.js';
import type { GraphService } from '../graph/service/graph-service.js';
import type { Db } from '../store/db.js';
import { tenantGate } from '../store/tenant-gate.js';
import type { Clock } from '../toolkit/context.js';
import { embeddingsFrom } from './embed/openai.js';
import { EntitySemanticSearch } from './entity-search.js';
import { EntityVectorStore } from './entity-vectors.js';
import { DocumentService } from './service.js';

/**
 * Builds document search over the store (after the graph, whose entities it then finds by meaning).
 * Embeddings come from an OpenAI-compatible endpoint when one is configured, else from the local embedder.
 */
export function createDocuments(deps: {
  db: Db;
  clock: Clock;
  graph: GraphService;
  settings: DocumentSettings;
}): DocumentService {
  const { db, clock, graph, settings } = deps;
  const documents = new DocumentService(
    db,
    embeddingsFrom(settings.embeddings),
    () => new Date(clock.now()),
    tenantGate(db),
    settings,
  );
  // No upload is in flight at start: a pending document is what a stopped process left behind.
  documents.store.discardAbandoned((text) => documents.embedder.terms(text));
  // Entities are found by meaning in the documents' vector space (POST /graph/semantic-search, graph_search).
  graph.useSemanticSearch(
    (keyword) =>
      new EntitySemanticSearch(documents, new EntityVectorStore(db), graph.store, keyword, () => clock.now()),
  );
  return documents;
}
