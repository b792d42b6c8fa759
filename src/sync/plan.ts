/**
 * What the background sync reads of each system, through the system's own tools (so the graph fills
 * through the normal ingestion and the audit sees every call).
 *
 * - `changes`: a list its upstream returns newest change first (GitHub `sort=updated`, Jira's JQL
 *   ordered by `updated`, Notion's `last_edited_time`): the sync follows its cursor page by page and
 *   stops at the first item older than the system's watermark, so a re-sync reads only what changed.
 * - `directory`: a list read whole on a system's first run and again once a day (people, CRM records
 *   have no change order); a list that also has a `changes` step of the same tool (pages, messages) is
 *   read whole only then, and for its changes on the runs between.
 * - `always`: a short list other steps run once per item of (channels, databases).
 *
 * A step that is not a list (a directory lookup) is called once per item of the step it runs for.
 */
export interface SyncStep {
  tool: string;
  args?: Record<string, unknown>;
  mode: 'changes' | 'directory' | 'always';
  /**
   * The item field holding its last change (an ISO 8601 timestamp or epoch milliseconds; dotted for a nested one): where a
   * `changes` list stops, and what moves the system's watermark (a directory read's items move it too).
   */
  updatedField?: string;
  /**
   * Runs once per item of an earlier step (`system.tool`, this run's items): `arg` takes the item's
   * `field`; items without it are passed over. A refusal of one of these calls (a channel the app is not
   * in, a person the directory does not know) passes that item over, not the whole system.
   */
  each?: { step: string; field: string; arg: string };
}

/** In the order the systems are read: a step may run for the items of an earlier system's step. */
export const SYNC_PLAN: ReadonlyArray<[system: string, steps: readonly SyncStep[]]> = [
  [
    'ticketing',
    [
      { tool: 'get_users', mode: 'directory' },
      { tool: 'get_tickets', mode: 'changes', updatedField: 'updated' },
    ],
  ],
  [
    'code_host',
    [
      { tool: 'get_repository_users', mode: 'directory' },
      // GitHub keeps emails private: its user search by a colleague's email is what links their login.
      {
        tool: 'get_user_by_email',
        mode: 'directory',
        each: { step: 'ticketing.get_users', field: 'emailAddress', arg: 'email' },
      },
      { tool: 'get_pull_requests', args: { state: 'all' }, mode: 'changes', updatedField: 'updated_at' },
      { tool: 'get_issues', args: { state: 'all' }, mode: 'changes', updatedField: 'updated_at' },
    ],
  ],
  [
    'wiki',
    [
      { tool: 'get_pages', mode: 'directory', updatedField: 'version.when' },
      { tool: 'get_pages', args: { order: 'recently_modified' }, mode: 'changes', updatedField: 'version.when' },
    ],
  ],
  [
    'notes',
    [
      { tool: 'search', args: { query: '', type: 'page' }, mode: 'changes', updatedField: 'last_edited_time' },
      { tool: 'list_databases', mode: 'always' },
      {
        tool: 'query_database',
        mode: 'changes',
        updatedField: 'last_edited_time',
        each: { step: 'notes.list_databases', field: 'database_id', arg: 'database' },
      },
    ],
  ],
  [
    'team_chat',
    [
      { tool: 'list_channels', mode: 'always' },
      // Newest first: between the daily whole reads, each channel is read down to the watermark.
      ...(['directory', 'changes'] as const).map((mode) => ({
        tool: 'list_messages',
        mode,
        updatedField: 'created_at',
        each: { step: 'team_chat.list_channels', field: 'id', arg: 'channel_id' },
      })),
    ],
  ],
  [
    'crm',
    [
      { tool: 'list_contacts', mode: 'directory' },
      { tool: 'list_accounts', mode: 'directory' },
    ],
  ],
  // Per-user: read once for each user who consented, as that user (only the member directory every member sees).
  ['chat', [{ tool: 'list_users', mode: 'directory' }]],
  // Per-user: each consenting user's recent mail, newest first, as them: their outside correspondents become
  // contacts only they see (what a per-user system's result writes is private to its caller).
  [
    'suite',
    [
      {
        tool: 'list_mail_messages',
        args: { include_content: true },
        mode: 'changes',
        updatedField: 'internalDate',
      },
    ],
  ],
];

/** How often a directory list is read again. */
export const DIRECTORY_REFRESH_MS = 24 * 60 * 60 * 1000;
