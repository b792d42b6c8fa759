import type { GraphService } from '../graph/service/graph-service.js';
import type { Db } from '../store/db.js';
import { tenantGate } from '../store/tenant-gate.js';
import type { Clock } from '../toolkit/context.js';
import { embeddingsFromEnvironment } from './embed/openai.js';
import { EntitySemanticSearch } from './entity-search.js';
import { EntityVectorStore } from './entity-vectors.js';
import { DocumentService } from './service.js';

export const DEFAULT_MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

/** Most bytes an upload may carry: CONSTELLATION_DOCUMENTS_MAX_UPLOAD_BYTES, 25 MB by default. */
export function maxUploadBytes(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.CONSTELLATION_DOCUMENTS_MAX_UPLOAD_BYTES);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_MAX_UPLOAD_BYTES;
}

/**
 * Builds document search over the store (after the graph, whose entities it then finds by meaning).
 * Embeddings come from an OpenAI-compatible endpoint when CONSTELLATION_EMBEDDINGS_URL is set (with
 * _MODEL and _API_KEY), else from the local embedder.
 */
export function createDocuments(
  deps: { db: Db; clock: Clock; graph: GraphService },
  env: NodeJS.ProcessEnv = process.env,
): DocumentService {
  const { db, clock, graph } = deps;
  const documents = new DocumentService(
    db,
    embeddingsFromEnvironment(env) ?? undefined,
    () => new Date(clock.now()),
    tenantGate(db),
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
