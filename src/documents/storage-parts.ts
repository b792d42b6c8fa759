import type { DocumentStorage } from './storage.js';

/** What a backend's keyword part answers: statistics and scores of terms over chunks and documents. */
export type KeywordMethods = 'termStatistics' | 'keyword' | 'documentKeyword';
/** What a backend's vector part answers: spaces, stored vectors and the nearest of them. */
export type VectorMethods = 'ensureSpace' | 'vectorsOf' | 'nearest' | 'staleDocuments' | 'replaceVectors';

/**
 * The part of a document storage that its keyword and vector parts answer, each backend giving its own
 * parts: the storage's methods stay where callers find them, the work lives in the part of its job.
 */
export abstract class StorageParts implements Pick<DocumentStorage, KeywordMethods | VectorMethods> {
  protected abstract readonly keywords: Pick<DocumentStorage, KeywordMethods>;
  protected abstract readonly vectors: Pick<DocumentStorage, VectorMethods>;

  termStatistics(...args: Parameters<DocumentStorage['termStatistics']>) {
    return this.keywords.termStatistics(...args);
  }

  keyword(...args: Parameters<DocumentStorage['keyword']>) {
    return this.keywords.keyword(...args);
  }

  documentKeyword(...args: Parameters<DocumentStorage['documentKeyword']>) {
    return this.keywords.documentKeyword(...args);
  }

  ensureSpace(...args: Parameters<DocumentStorage['ensureSpace']>) {
    return this.vectors.ensureSpace(...args);
  }

  vectorsOf(...args: Parameters<DocumentStorage['vectorsOf']>) {
    return this.vectors.vectorsOf(...args);
  }

  nearest(...args: Parameters<DocumentStorage['nearest']>) {
    return this.vectors.nearest(...args);
  }

  staleDocuments(...args: Parameters<DocumentStorage['staleDocuments']>) {
    return this.vectors.staleDocuments(...args);
  }

  replaceVectors(...args: Parameters<DocumentStorage['replaceVectors']>) {
    return this.vectors.replaceVectors(...args);
  }
}
