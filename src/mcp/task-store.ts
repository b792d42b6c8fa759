import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { Db, Migration } from '../store/db.js';

export const mcpTaskMigrations: Migration[] = [
  {
    // Tool calls run as tasks (2025-11-25 clients): kept in the store, so any node sharing it answers
    // for them. Every row carries its tenant (purged with it).
    id: '450_mcp_tasks',
    up: (db) =>
      db.exec(`
        CREATE TABLE mcp_tasks (
          task_id TEXT PRIMARY KEY,
          tenant_id TEXT NOT NULL,
          owner TEXT NOT NULL,
          tool TEXT NOT NULL,
          status TEXT NOT NULL,
          status_message TEXT,
          result TEXT,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL,
          ttl_ms INTEGER NOT NULL
        );
        CREATE INDEX mcp_tasks_by_owner ON mcp_tasks (tenant_id, owner, created_at, task_id);
      `),
  },
];

type TaskStatus = 'working' | 'completed' | 'failed' | 'cancelled';
export const TERMINAL: ReadonlySet<TaskStatus> = new Set(['completed', 'failed', 'cancelled']);

/** Whose task it is: the tenant, and the user (or the token, for a token without one). */
export interface TaskOwner {
  tenantId: string;
  owner: string;
}

/** A task as the protocol shows it (`tasks/get`, `tasks/list`, the `task` of a created task). */
interface TaskView {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttl: number;
  pollInterval: number;
}

interface Row {
  task_id: string;
  tool: string;
  status: TaskStatus;
  status_message: string | null;
  result: string | null;
  created_at: number;
  updated_at: number;
  ttl_ms: number;
}

/** How often a client should poll, in milliseconds. */
export const POLL_INTERVAL_MS = 500;

export class TaskStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  create(owner: TaskOwner, tool: string, ttlMs: number): TaskView {
    const at = this.now();
    const taskId = randomUUID();
    this.db
      .prepare(
        'INSERT INTO mcp_tasks (task_id, tenant_id, owner, tool, status, created_at, updated_at, ttl_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(taskId, owner.tenantId, owner.owner, tool, 'working', at, at, ttlMs);
    return this.get(owner, taskId)!;
  }

  /** The owner's task, or undefined (another owner's task, an expired one and an unknown id alike). */
  get(owner: TaskOwner, taskId: string): TaskView | undefined {
    const row = this.row(owner, taskId);
    return row ? viewOf(row) : undefined;
  }

  /** The stored result of a finished task. */
  result(owner: TaskOwner, taskId: string): CallToolResult | undefined {
    const row = this.row(owner, taskId);
    return row?.result ? (JSON.parse(row.result) as CallToolResult) : undefined;
  }

  /** The owner's live tasks, newest first, a page after `cursor` (a task id). */
  list(owner: TaskOwner, limit: number, cursor?: string): { tasks: TaskView[]; nextCursor?: string } {
    const after = cursor ? this.row(owner, cursor) : undefined;
    const rows = this.db
      .prepare(
        `SELECT * FROM mcp_tasks WHERE tenant_id = ? AND owner = ? AND created_at + ttl_ms > ?
         AND (? IS NULL OR created_at < ? OR (created_at = ? AND task_id < ?))
         ORDER BY created_at DESC, task_id DESC LIMIT ?`,
      )
      .all(
        owner.tenantId,
        owner.owner,
        this.now(),
        after?.task_id ?? null,
        after?.created_at ?? 0,
        after?.created_at ?? 0,
        after?.task_id ?? '',
        limit + 1,
      ) as Row[];
    const page = rows.slice(0, limit);
    return { tasks: page.map(viewOf), ...(rows.length > limit ? { nextCursor: page.at(-1)!.task_id } : {}) };
  }

  /** Moves a working task to a final status (a task already final stays as it is); true when it moved. */
  finish(taskId: string, status: TaskStatus, result: CallToolResult | undefined, message?: string): boolean {
    return (
      this.db
        .prepare(
          "UPDATE mcp_tasks SET status = ?, status_message = ?, result = ?, updated_at = ? WHERE task_id = ? AND status = 'working'",
        )
        .run(status, message ?? null, result ? JSON.stringify(result) : null, this.now(), taskId).changes > 0
    );
  }

  /** Forgets tasks past their time to live. */
  purgeExpired(): number {
    return this.db.prepare('DELETE FROM mcp_tasks WHERE created_at + ttl_ms <= ?').run(this.now()).changes;
  }

  private row(owner: TaskOwner, taskId: string): Row | undefined {
    return this.db
      .prepare('SELECT * FROM mcp_tasks WHERE task_id = ? AND tenant_id = ? AND owner = ? AND created_at + ttl_ms > ?')
      .get(taskId, owner.tenantId, owner.owner, this.now()) as Row | undefined;
  }
}

function viewOf(row: Row): TaskView {
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
