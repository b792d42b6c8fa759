import type { z } from 'zod';
import { positiveNumber, text, wholeNumberFrom } from './env-readers.js';

/** Bounds of reading one PDF: past any of them the file is refused as unreadable, before it is stored. */
export interface PdfLimits {
  maxPages: number;
  /** Characters of extracted text. */
  maxChars: number;
  /** Bytes any one compressed stream may inflate to. */
  maxStreamBytes: number;
  /** Bytes the file's compressed streams (images aside) may inflate to together. */
  maxInflatedBytes: number;
}

/** Bounds of uploads, each read from its environment variable (see `LIMIT_VARIABLES`). */
export interface DocumentLimits {
  pdf: PdfLimits;
  /** Chunks one document may be cut into. */
  maxChunks: number;
  /** Bytes of documents one tenant may store (the sum of their file sizes); 0: no quota. */
  tenantQuotaBytes: number;
  /** Uploads one tenant may have running at once (body still arriving included); 0: no limit. */
  maxUploadsInFlight: number;
}

/** Everything the documents feature reads from the environment. */
export interface DocumentSettings {
  limits: DocumentLimits;
  /** Most bytes one upload may carry (CONSTELLATION_DOCUMENTS_MAX_UPLOAD_BYTES). */
  maxUploadBytes: number;
  /** How long an upload's body may stall (CONSTELLATION_DOCUMENTS_UPLOAD_IDLE_SECONDS). */
  uploadIdleMs: number;
  /** The upload workers: how many (the pool's default when unset), each job's time and heap limits. */
  jobs: { workers?: number; timeoutMs: number; maxHeapMb: number };
  /** An OpenAI-compatible embeddings endpoint (CONSTELLATION_EMBEDDINGS_*); the local embedder when unset. */
  embeddings?: { baseUrl: string; model: string; apiKey?: string };
}

const MB = 1024 * 1024;

export const DEFAULT_DOCUMENT_LIMITS: DocumentLimits = {
  pdf: { maxPages: 5_000, maxChars: 10_000_000, maxStreamBytes: 100 * MB, maxInflatedBytes: 200 * MB },
  maxChunks: 20_000,
  tenantQuotaBytes: 1024 * MB,
  maxUploadsInFlight: 2,
};

export const DEFAULT_MAX_UPLOAD_BYTES = 25 * MB;
export const DEFAULT_JOB_LIMITS = { timeoutMs: 120_000, maxHeapMb: 1024 };

/** The environment variable of each bound, named in the errors a bound raises so an operator knows what to raise. */
export const LIMIT_VARIABLES = {
  maxPages: 'CONSTELLATION_DOCUMENTS_PDF_MAX_PAGES',
  maxChars: 'CONSTELLATION_DOCUMENTS_PDF_MAX_CHARS',
  maxStreamBytes: 'CONSTELLATION_DOCUMENTS_PDF_MAX_STREAM_BYTES',
  maxInflatedBytes: 'CONSTELLATION_DOCUMENTS_PDF_MAX_INFLATED_BYTES',
  maxChunks: 'CONSTELLATION_DOCUMENTS_MAX_CHUNKS',
  tenantQuotaBytes: 'CONSTELLATION_DOCUMENTS_TENANT_QUOTA_BYTES',
  maxUploadsInFlight: 'CONSTELLATION_DOCUMENTS_MAX_UPLOADS_IN_FLIGHT',
} as const;

const L = LIMIT_VARIABLES;
const d = DEFAULT_DOCUMENT_LIMITS;

/** The documents' variables, as fields of the configuration's one schema. */
export const DOCUMENT_VARIABLES = {
  [L.maxPages]: wholeNumberFrom(L.maxPages, 1, d.pdf.maxPages),
  [L.maxChars]: wholeNumberFrom(L.maxChars, 1, d.pdf.maxChars),
  [L.maxStreamBytes]: wholeNumberFrom(L.maxStreamBytes, 1, d.pdf.maxStreamBytes),
  [L.maxInflatedBytes]: wholeNumberFrom(L.maxInflatedBytes, 1, d.pdf.maxInflatedBytes),
  [L.maxChunks]: wholeNumberFrom(L.maxChunks, 1, d.maxChunks),
  [L.tenantQuotaBytes]: wholeNumberFrom(L.tenantQuotaBytes, 0, d.tenantQuotaBytes),
  [L.maxUploadsInFlight]: wholeNumberFrom(L.maxUploadsInFlight, 0, d.maxUploadsInFlight),
  CONSTELLATION_DOCUMENTS_MAX_UPLOAD_BYTES: wholeNumberFrom(
    'CONSTELLATION_DOCUMENTS_MAX_UPLOAD_BYTES',
    1,
    DEFAULT_MAX_UPLOAD_BYTES,
  ),
  CONSTELLATION_DOCUMENTS_UPLOAD_IDLE_SECONDS: positiveNumber('CONSTELLATION_DOCUMENTS_UPLOAD_IDLE_SECONDS', 30),
  CONSTELLATION_DOCUMENTS_WORKERS: wholeNumberFrom('CONSTELLATION_DOCUMENTS_WORKERS', 1, undefined),
  CONSTELLATION_DOCUMENTS_JOB_TIMEOUT_MS: wholeNumberFrom(
    'CONSTELLATION_DOCUMENTS_JOB_TIMEOUT_MS',
    1,
    DEFAULT_JOB_LIMITS.timeoutMs,
  ),
  CONSTELLATION_DOCUMENTS_JOB_HEAP_MB: wholeNumberFrom(
    'CONSTELLATION_DOCUMENTS_JOB_HEAP_MB',
    1,
    DEFAULT_JOB_LIMITS.maxHeapMb,
  ),
  CONSTELLATION_EMBEDDINGS_URL: text(),
  CONSTELLATION_EMBEDDINGS_MODEL: text(),
  CONSTELLATION_EMBEDDINGS_API_KEY: text(),
};

/** The variables' values once each has been read. */
type Read = z.output<z.ZodObject<typeof DOCUMENT_VARIABLES>>;

/** The document settings from the values of their variables. */
export function documentSettingsOf(v: Read): DocumentSettings {
  const workers = v.CONSTELLATION_DOCUMENTS_WORKERS;
  const url = v.CONSTELLATION_EMBEDDINGS_URL;
  const apiKey = v.CONSTELLATION_EMBEDDINGS_API_KEY;
  return {
    limits: {
      pdf: {
        maxPages: v[L.maxPages],
        maxChars: v[L.maxChars],
        maxStreamBytes: v[L.maxStreamBytes],
        maxInflatedBytes: v[L.maxInflatedBytes],
      },
      maxChunks: v[L.maxChunks],
      tenantQuotaBytes: v[L.tenantQuotaBytes],
      maxUploadsInFlight: v[L.maxUploadsInFlight],
    },
    maxUploadBytes: v.CONSTELLATION_DOCUMENTS_MAX_UPLOAD_BYTES,
    uploadIdleMs: v.CONSTELLATION_DOCUMENTS_UPLOAD_IDLE_SECONDS * 1000,
    jobs: {
      ...(workers !== undefined ? { workers } : {}),
      timeoutMs: v.CONSTELLATION_DOCUMENTS_JOB_TIMEOUT_MS,
      maxHeapMb: v.CONSTELLATION_DOCUMENTS_JOB_HEAP_MB,
    },
    ...(url
      ? {
          embeddings: {
            baseUrl: url,
            model: v.CONSTELLATION_EMBEDDINGS_MODEL ?? 'text-embedding-3-small',
            ...(apiKey ? { apiKey } : {}),
          },
        }
      : {}),
  };
}
