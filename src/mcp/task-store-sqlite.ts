import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { Db, Migration } from '../store/db.js';
import type { TenantGate } from '../store/tenant-gate.js';
import { AppError } from '../toolkit/errors.js';
import {
  taskPageOf,
  taskResultOf,
  taskViewOf,
  type TaskOwner,
  type TaskRow,
  type TaskStatus,
  type TaskStore,
  type TaskView,
} from './task-store.js';

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

/** MCP tasks in the installation's SQLite file. Statements run at call time, so each method is atomic. */
export class SqliteTaskStore implements TaskStore {
  constructor(
    private readonly db: Db,
    private readonly gate: TenantGate,
    private readonly now: () => number,
  ) {}

  async create(owner: TaskOwner, tool: string, ttlMs: number): Promise<TaskView> {
    const at = this.now();
    const taskId = randomUUID();
    this.db.transaction(() => {
      if (!this.gate(owner.tenantId, owner.tenantEpoch))
        throw new AppError('TENANT_NOT_FOUND', `Tenant not found: ${owner.tenantId}`);
      this.db
        .prepare(
          'INSERT INTO mcp_tasks (task_id, tenant_id, owner, tool, status, created_at, updated_at, ttl_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(taskId, owner.tenantId, owner.owner, tool, 'working', at, at, ttlMs);
    })();
    return taskViewOf(this.row(owner, taskId)!);
  }

  async get(owner: TaskOwner, taskId: string): Promise<TaskView | undefined> {
    const row = this.row(owner, taskId);
    return row ? taskViewOf(row) : undefined;
  }

  async result(owner: TaskOwner, taskId: string): Promise<CallToolResult | undefined> {
    return taskResultOf(this.row(owner, taskId));
  }

  async list(owner: TaskOwner, limit: number, cursor?: string): Promise<{ tasks: TaskView[]; nextCursor?: string }> {
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
      ) as TaskRow[];
    return taskPageOf(rows, limit);
  }

  async finish(taskId: string, status: TaskStatus, result: CallToolResult | undefined, message?: string) {
    return (
      this.db
        .prepare(
          "UPDATE mcp_tasks SET status = ?, status_message = ?, result = ?, updated_at = ? WHERE task_id = ? AND status = 'working'",
        )
        .run(status, message ?? null, result ? JSON.stringify(result) : null, this.now(), taskId).changes > 0
    );
  }

  async purgeExpired(): Promise<number> {
    return this.db.prepare('DELETE FROM mcp_tasks WHERE created_at + ttl_ms <= ?').run(this.now()).changes;
  }

  async deleteTenant(tenantId: string): Promise<number> {
    return this.db.prepare('DELETE FROM mcp_tasks WHERE tenant_id = ?').run(tenantId).changes;
  }

  private row(owner: TaskOwner, taskId: string): TaskRow | undefined {
    return this.db
      .prepare('SELECT * FROM mcp_tasks WHERE task_id = ? AND tenant_id = ? AND owner = ? AND created_at + ttl_ms > ?')
      .get(taskId, owner.tenantId, owner.owner, this.now()) as TaskRow | undefined;
  }
}
