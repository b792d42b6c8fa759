import type { DocumentSettings } from '../config/documents.js';
import type { MentionPattern } from '../graph/ingest/mentions.js';
import type { SemanticSearchFactory } from '../graph/service/semantic-search.js';
import type { Db } from '../store/db.js';
import { tenantGate } from '../store/tenant-gate.js';
import type { Clock } from '../toolkit/context.js';
import { embeddingsFrom } from './embed/openai.js';
import { EntitySemanticSearch } from './entity-search.js';
import { EntityVectorStore } from './entity-vectors.js';
import { DocumentService } from './service.js';

/** Document search, and how the graph finds entities by meaning in the documents' vector space. */
interface DocumentsFeature {
  documents: DocumentService;
  /** For the graph (POST /graph/semantic-search, graph_search): entities found by meaning, fused with keywords. */
  entitySearch: SemanticSearchFactory;
}

/**
 * Builds document search over the store (before the graph, which is given `entitySearch`).
 * Embeddings come from an OpenAI-compatible endpoint when one is configured, else from the local embedder.
 */
export function createDocuments(deps: {
  db: Db;
  clock: Clock;
  settings: DocumentSettings;
  /** How texts name the systems' nodes (the manifests' `mentions`), linked as documents name them. */
  mentions: readonly MentionPattern[];
  /** Node types linked where a document names one by its name or title (the manifests' `namedByLabel`). */
  labelledTypes: readonly string[];
}): DocumentsFeature {
  const { db, clock, settings, mentions, labelledTypes } = deps;
  const documents = new DocumentService(
    db,
    embeddingsFrom(settings.embeddings),
    () => new Date(clock.now()),
    tenantGate(db),
    { ...settings, mentions, labelledTypes },
  );
  // No upload is in flight at start: a pending document is what a stopped process left behind.
  documents.store.discardAbandoned((text) => documents.embedder.terms(text));
  return {
    documents,
    entitySearch: (store, keyword) =>
      new EntitySemanticSearch(documents, new EntityVectorStore(db), store, keyword, () => clock.now()),
  };
}
