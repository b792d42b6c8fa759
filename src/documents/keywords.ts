import { keywordTermsOf } from '../store/keywords/terms.js';
import { contentTerms } from './embed/local.js';

export { keywordTermsOf };
export { keywordCountsOf, type KeywordCounts } from '../store/keywords/bm25.js';

/**
 * The distinct word forms a text adds to its tenant's term counts (`document_terms`): what the local
 * embedder weighs a query's words by, and what tells a query's common words (see `retrieve.ts`).
 */
export const countedTermsOf = (text: string): string[] => [...new Set(contentTerms(text))];
