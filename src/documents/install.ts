import type { TenantOwnedRows } from '../store/tenant-purge.js';
import type { DocumentSettings } from '../config/documents.js';
import type { MentionPattern } from '../graph/ingest/mentions.js';
import type { SemanticSearchFactory } from '../graph/service/semantic-search.js';
import type { StoreBackend } from '../store/backend.js';
import type { Clock } from '../toolkit/context.js';
import { embeddingsFrom } from './embed/openai.js';
import { EntitySemanticSearch } from './entity-search.js';
import { DocumentService } from './service.js';
import { installationDocumentStores } from './stores.js';

/** Document search, and how the graph finds entities by meaning in the documents' vector space. */
interface DocumentsFeature {
  documents: DocumentService;
  /** For the graph (POST /graph/semantic-search, graph_search): entities found by meaning, fused with keywords. */
  entitySearch: SemanticSearchFactory;
  /** Settles once what a stopped process left pending is removed. */
  ready: Promise<void>;
  /** A deleted tenant's documents, chunks, keywords and vectors (entity vectors too), for the tenant purge. */
  tenantRows: TenantOwnedRows;
}

/**
 * Builds document search over the store (before the graph, which is given `entitySearch`).
 * Embeddings come from an OpenAI-compatible endpoint when one is configured, else from the local embedder.
 */
export function createDocuments(deps: {
  backend: StoreBackend;
  clock: Clock;
  settings: DocumentSettings;
  /** How texts name the systems' nodes (the manifests' `mentions`), linked as documents name them. */
  mentions: readonly MentionPattern[];
  /** Node types linked where a document names one by its name or title (the manifests' `namedByLabel`). */
  labelledTypes: readonly string[];
}): DocumentsFeature {
  const { backend, clock, settings, mentions, labelledTypes } = deps;
  const stores = installationDocumentStores(backend);
  const documents = new DocumentService(stores, embeddingsFrom(settings.embeddings), () => new Date(clock.now()), {
    ...settings,
    mentions,
    labelledTypes,
  });
  return {
    documents,
    entitySearch: (store, keyword) =>
      new EntitySemanticSearch(documents, stores.entityVectors, stores.graph, store, keyword, () => clock.now()),
    // No upload is in flight at start: a pending document is what a stopped process left behind.
    ready: stores.documents.discardAbandoned(),
    tenantRows: {
      async deleteTenant(tenantId) {
        await stores.entityVectors.deleteTenant(tenantId);
        return stores.documents.deleteTenant(tenantId);
      },
    },
  };
}
