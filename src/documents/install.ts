import type { App } from '../app.js';
import { embeddingsFromEnvironment } from './embed/openai.js';
import { EntitySemanticSearch } from './entity-search.js';
import { EntityVectorStore } from './entity-vectors.js';
import { DocumentService } from './service.js';
import { tenantGate } from '../store/tenant-gate.js';

declare module '../toolkit/define-tool.js' {
  interface ServiceMap {
    documents: DocumentService;
  }
}

export const DEFAULT_MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

/** Most bytes an upload may carry: CONSTELLATION_DOCUMENTS_MAX_UPLOAD_BYTES, 25 MB by default. */
export function maxUploadBytes(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.CONSTELLATION_DOCUMENTS_MAX_UPLOAD_BYTES);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_MAX_UPLOAD_BYTES;
}

/**
 * Wires documents into the app (after the graph). Embeddings come from an OpenAI-compatible endpoint
 * when CONSTELLATION_EMBEDDINGS_URL is set (with _MODEL and _API_KEY), else from the local embedder.
 */
export function installDocuments(app: App, env: NodeJS.ProcessEnv = process.env): void {
  const documents = new DocumentService(
    app.db,
    embeddingsFromEnvironment(env) ?? undefined,
    () => new Date(app.clock.now()),
    tenantGate(app.db),
  );
  app.services.documents = documents;
  // No upload is in flight at start: a pending document is what a stopped process left behind.
  documents.store.discardAbandoned((text) => documents.embedder.terms(text));
  // Entities are found by meaning in the documents' vector space (POST /graph/semantic-search, graph_search).
  const { graph } = app.services;
  graph.useSemanticSearch(
    (keyword) =>
      new EntitySemanticSearch(documents, new EntityVectorStore(app.db), graph.store, keyword, () => app.clock.now()),
  );
}
