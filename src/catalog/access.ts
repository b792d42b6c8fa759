import type { SystemManifest } from './manifest.js';

/**
 * How a system's tools reach their upstreams: its integrations (credentials, clients) and its per-user
 * authorization. Kept in `tools/<system>/access.ts`, which imports no tool or schema of the system, so a
 * start can know which tools a caller can reach before loading any (see `loadIndexedCatalog`).
 */
export type SystemAccess = Pick<SystemManifest, 'integrations' | 'authorization'>;
