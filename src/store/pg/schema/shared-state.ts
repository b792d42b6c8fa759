/**
 * What the nodes of a fleet share besides the data (migration `003_shared_state`, added to a released
 * schema: a node of the previous build keeps working beside it, as it neither reads nor writes these).
 *
 * - `tenants.cache_generation`: read with the epoch on every request, bumped by every change that may
 *   alter a cached read; each node's caches key on it, so a change through one node is seen by all.
 * - `rate_windows`: the fixed windows of the request limits, counted by every node. UNLOGGED: a crash
 *   empties it, which only reopens the windows, and the counting skips the write-ahead log.
 */
export const sharedStateSchema = `
ALTER TABLE tenants ADD COLUMN cache_generation bigint NOT NULL DEFAULT 0;

CREATE UNLOGGED TABLE rate_windows (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  -- When the window ends, in milliseconds on the counting node's clock.
  ends_at bigint NOT NULL
);
CREATE INDEX rate_windows_by_end ON rate_windows (ends_at);
`;
