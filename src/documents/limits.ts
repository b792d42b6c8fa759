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

const MB = 1024 * 1024;

export const DEFAULT_DOCUMENT_LIMITS: DocumentLimits = {
  pdf: { maxPages: 5_000, maxChars: 10_000_000, maxStreamBytes: 100 * MB, maxInflatedBytes: 200 * MB },
  maxChunks: 20_000,
  tenantQuotaBytes: 1024 * MB,
  maxUploadsInFlight: 2,
};

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

export const MIN_CHUNK_SIZE = 100;
export const MAX_CHUNK_SIZE = 20_000;
export const DEFAULT_CHUNK_SIZE = 1000;

/** A whole number of at least `min` from the variable, or the default when unset; anything else refuses to start. */
function readBound(env: NodeJS.ProcessEnv, key: keyof typeof LIMIT_VARIABLES, fallback: number, min: number): number {
  const name = LIMIT_VARIABLES[key];
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min)
    throw new Error(`${name} must be a whole number of at least ${min}, got "${raw}"`);
  return value;
}

/** The upload bounds the environment configures, defaults for those it leaves unset. Throws on a malformed value. */
export function documentLimits(env: NodeJS.ProcessEnv = process.env): DocumentLimits {
  const d = DEFAULT_DOCUMENT_LIMITS;
  return {
    pdf: {
      maxPages: readBound(env, 'maxPages', d.pdf.maxPages, 1),
      maxChars: readBound(env, 'maxChars', d.pdf.maxChars, 1),
      maxStreamBytes: readBound(env, 'maxStreamBytes', d.pdf.maxStreamBytes, 1),
      maxInflatedBytes: readBound(env, 'maxInflatedBytes', d.pdf.maxInflatedBytes, 1),
    },
    maxChunks: readBound(env, 'maxChunks', d.maxChunks, 1),
    tenantQuotaBytes: readBound(env, 'tenantQuotaBytes', d.tenantQuotaBytes, 0),
    maxUploadsInFlight: readBound(env, 'maxUploadsInFlight', d.maxUploadsInFlight, 0),
  };
}

/** Bytes as people read them: `200 MB`, `1.5 KB`, `12 bytes`. */
export function formatBytes(bytes: number): string {
  const units: Array<[number, string]> = [
    [1024 * MB, 'GB'],
    [MB, 'MB'],
    [1024, 'KB'],
  ];
  for (const [size, unit] of units) if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  return `${bytes} bytes`;
}

/** A count with thousands separators (`67,584`), the same on every machine. */
export const formatCount = (n: number): string => n.toLocaleString('en-US');
