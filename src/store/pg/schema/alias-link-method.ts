import { graphWriteBatchFunction } from './graph.js';
import { KEY_SHARE_GATE } from './tenant-key-share.js';

/**
 * Migration `014_alias_link_method`: ingestion records how and when it pointed each alias at its person, as
 * SQLite's does. `graph_write_batch` takes each alias's method (`directory` where only an upstream's user
 * directory tied it to the person, else NULL: a record named it) and writes it with the time of the write
 * when the alias is new or repointed; an alias a record only confirms keeps its link. The old signature is
 * dropped, so no caller can write aliases without saying how. Links made before this keep a NULL `linked_at`.
 */
export const aliasLinkMethodSchema = `
DROP FUNCTION graph_write_batch(text, text, bigint, text, text[], jsonb[], integer[], text[],
  text[], text[], jsonb[], text[], integer[], integer[], text[], jsonb[]);
${graphWriteBatchFunction({ create: 'CREATE FUNCTION', gate: KEY_SHARE_GATE, aliasLinks: true })}`;
