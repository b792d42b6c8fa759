import type { CallToolResult } from '@modelcontextprotocol/server';

export type TaskStatus = 'working' | 'completed' | 'failed' | 'cancelled';
export const TERMINAL: ReadonlySet<TaskStatus> = new Set(['completed', 'failed', 'cancelled']);

/** Whose task it is: the tenant, and the user (or the token, for a token without one). */
export interface TaskOwner {
  tenantId: string;
  owner: string;
  /** The tenant generation the caller was authorised under: a task is created only while it is current. */
  tenantEpoch?: string;
}

/** A task as the protocol shows it (`tasks/get`, `tasks/list`, the `task` of a created task). */
export interface TaskView {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttl: number;
  pollInterval: number;
}

/** How often a client should poll, in milliseconds. */
export const POLL_INTERVAL_MS = 500;

/**
 * MCP tasks, kept in the store so that any node sharing it answers for them (SQLite: `task-store-sqlite.ts`,
 * PostgreSQL: `task-store-pg.ts`). Every read is scoped to the owner and skips tasks past their time to live.
 */
export interface TaskStore {
  /** A new working task; TENANT_NOT_FOUND when the owner's tenant is gone (or re-created since). */
  create(owner: TaskOwner, tool: string, ttlMs: number): Promise<TaskView>;
  /** The owner's task, or undefined (another owner's task, an expired one and an unknown id alike). */
  get(owner: TaskOwner, taskId: string): Promise<TaskView | undefined>;
  /** The stored result of a finished task. */
  result(owner: TaskOwner, taskId: string): Promise<CallToolResult | undefined>;
  /** The owner's live tasks, newest first, a page after `cursor` (a task id). */
  list(owner: TaskOwner, limit: number, cursor?: string): Promise<{ tasks: TaskView[]; nextCursor?: string }>;
  /** Moves a working task to a final status (a task already final stays as it is); true when it moved. */
  finish(taskId: string, status: TaskStatus, result: CallToolResult | undefined, message?: string): Promise<boolean>;
  /** Forgets tasks past their time to live; how many. */
  purgeExpired(): Promise<number>;
  /** Forgets every task of a tenant (the tenant purge); how many. */
  deleteTenant(tenantId: string): Promise<number>;
}

/** A stored task row, as both backends read it (PostgreSQL's bigints converted to numbers). */
export interface TaskRow {
  task_id: string;
  status: TaskStatus;
  status_message: string | null;
  result: string | null;
  created_at: number;
  updated_at: number;
  ttl_ms: number;
}

export function taskViewOf(row: TaskRow): TaskView {
  return {
    taskId: row.task_id,
    status: row.status,
    ...(row.status_message ? { statusMessage: row.status_message } : {}),
    createdAt: new Date(row.created_at).toISOString(),
    lastUpdatedAt: new Date(row.updated_at).toISOString(),
    ttl: row.ttl_ms,
    pollInterval: POLL_INTERVAL_MS,
  };
}

export const taskResultOf = (row: TaskRow | undefined): CallToolResult | undefined =>
  row?.result ? (JSON.parse(row.result) as CallToolResult) : undefined;

/** One page of rows fetched with `limit + 1`: the page, and the cursor of the next one when there is more. */
export function taskPageOf(rows: readonly TaskRow[], limit: number): { tasks: TaskView[]; nextCursor?: string } {
  const page = rows.slice(0, limit);
  return { tasks: page.map(taskViewOf), ...(rows.length > limit ? { nextCursor: page.at(-1)!.task_id } : {}) };
}
