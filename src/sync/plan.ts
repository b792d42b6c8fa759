/**
 * What the background sync reads of each system, through the system's own tools (so the graph fills
 * through the normal ingestion and the audit sees every call).
 *
 * - `changes`: a list its upstream returns newest change first (GitHub `sort=updated`, Jira's JQL
 *   ordered by `updated`, Notion's `last_edited_time`): the sync follows its cursor page by page and
 *   stops at the first item older than the system's watermark, so a re-sync reads only what changed.
 * - `directory`: a list with no change order (people, pages, CRM records): read whole on a system's
 *   first run and again once a day.
 * - `always`: a short list other steps run once per item of (channels, databases).
 */
export interface SyncStep {
  tool: string;
  args?: Record<string, unknown>;
  mode: 'changes' | 'directory' | 'always';
  /** For `changes`: the item field holding its last change (an ISO 8601 timestamp). */
  updatedField?: string;
  /** Runs once per item of an earlier step of the system: `arg` takes the item's `field`. */
  each?: { step: string; field: string; arg: string };
}

export const SYNC_PLAN: Readonly<Record<string, readonly SyncStep[]>> = {
  code_host: [
    { tool: 'get_repository_users', mode: 'directory' },
    { tool: 'get_pull_requests', args: { state: 'all' }, mode: 'changes', updatedField: 'updated_at' },
    { tool: 'get_issues', args: { state: 'all' }, mode: 'changes', updatedField: 'updated_at' },
  ],
  ticketing: [
    { tool: 'get_users', mode: 'directory' },
    { tool: 'get_tickets', mode: 'changes', updatedField: 'updated' },
  ],
  wiki: [{ tool: 'get_pages', mode: 'directory' }],
  notes: [
    { tool: 'search', args: { query: '', type: 'page' }, mode: 'changes', updatedField: 'last_edited_time' },
    { tool: 'list_databases', mode: 'always' },
    {
      tool: 'query_database',
      mode: 'changes',
      updatedField: 'last_edited_time',
      each: { step: 'list_databases', field: 'id', arg: 'database' },
    },
  ],
  team_chat: [
    { tool: 'list_channels', mode: 'always' },
    { tool: 'list_messages', mode: 'directory', each: { step: 'list_channels', field: 'id', arg: 'channel_id' } },
  ],
  crm: [
    { tool: 'list_contacts', mode: 'directory' },
    { tool: 'list_accounts', mode: 'directory' },
  ],
  // Per-user: read once for each user who consented, as that user.
  chat: [{ tool: 'list_users', mode: 'directory' }],
};

/** How often a directory list is read again. */
export const DIRECTORY_REFRESH_MS = 24 * 60 * 60 * 1000;
