import type { App } from '../app.js';
import { embeddingsFrom } from './embed/openai.js';
import { EntitySemanticSearch } from './entity-search.js';
import { EntityVectorStore } from './entity-vectors.js';
import { DocumentService } from './service.js';
import { tenantGate } from '../store/tenant-gate.js';

declare module '../toolkit/define-tool.js' {
  interface ServiceMap {
    documents: DocumentService;
  }
}

/**
 * Wires documents into the app (after the graph). Embeddings come from an OpenAI-compatible endpoint
 * when one is configured, else from the local embedder.
 */
export function installDocuments(app: App): void {
  const settings = app.config.documents;
  const documents = new DocumentService(
    app.db,
    embeddingsFrom(settings.embeddings),
    () => new Date(app.clock.now()),
    tenantGate(app.db),
    settings,
  );
  app.services.documents = documents;
  app.onClose(() => documents.close());
  // No upload is in flight at start: a pending document is what a stopped process left behind.
  documents.store.discardAbandoned((text) => documents.embedder.terms(text));
  // Entities are found by meaning in the documents' vector space (POST /graph/semantic-search, graph_search).
  const { graph } = app.services;
  graph.useSemanticSearch(
    (keyword) =>
      new EntitySemanticSearch(documents, new EntityVectorStore(app.db), graph.store, keyword, () => app.clock.now()),
  );
}
