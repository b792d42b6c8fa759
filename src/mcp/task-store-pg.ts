import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/server';
import type pg from 'pg';
import { gateTenantPg, inPgTransaction } from '../store/pg/transaction.js';
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

const COLUMNS = 'task_id, status, status_message, result, created_at, updated_at, ttl_ms';

type PgTaskRow = Omit<TaskRow, 'created_at' | 'updated_at' | 'ttl_ms'> & {
  created_at: string;
  updated_at: string;
  ttl_ms: string;
};

/** pg hands bigints back as strings; these are epoch milliseconds, well inside a double. */
const rowOf = (row: PgTaskRow): TaskRow => ({
  ...row,
  created_at: Number(row.created_at),
  updated_at: Number(row.updated_at),
  ttl_ms: Number(row.ttl_ms),
});

/** MCP tasks in PostgreSQL (table `mcp_tasks` of `schema/services.ts`). */
export class PgTaskStore implements TaskStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
  ) {}

  async create(owner: TaskOwner, tool: string, ttlMs: number): Promise<TaskView> {
    const at = this.now();
    const row = await inPgTransaction(this.pool, async (client) => {
      await gateTenantPg(client, owner.tenantId, owner.tenantEpoch);
      const { rows } = await client.query<PgTaskRow>(
        `INSERT INTO mcp_tasks (task_id, tenant_id, owner, tool, status, created_at, updated_at, ttl_ms)
         VALUES ($1, $2, $3, $4, 'working', $5, $5, $6) RETURNING ${COLUMNS}`,
        [randomUUID(), owner.tenantId, owner.owner, tool, at, ttlMs],
      );
      return rows[0];
    });
    return taskViewOf(rowOf(row));
  }

  async get(owner: TaskOwner, taskId: string): Promise<TaskView | undefined> {
    const row = await this.row(owner, taskId);
    return row ? taskViewOf(row) : undefined;
  }

  async result(owner: TaskOwner, taskId: string): Promise<CallToolResult | undefined> {
    return taskResultOf(await this.row(owner, taskId));
  }

  async list(owner: TaskOwner, limit: number, cursor?: string): Promise<{ tasks: TaskView[]; nextCursor?: string }> {
    // The cursor task is read in the same statement, so a page is one round trip. Ids compare bytewise, as
    // in SQLite, whatever the database's collation.
    const { rows } = await this.pool.query<PgTaskRow>(
      `WITH after AS (
         SELECT created_at, task_id FROM mcp_tasks
         WHERE task_id = $4 AND tenant_id = $1 AND owner = $2 AND created_at + ttl_ms > $3
       )
       SELECT ${COLUMNS} FROM mcp_tasks t
       WHERE tenant_id = $1 AND owner = $2 AND created_at + ttl_ms > $3
         AND ($4::text IS NULL OR NOT EXISTS (SELECT 1 FROM after)
              OR (t.created_at, t.task_id COLLATE "C") < (SELECT created_at, task_id COLLATE "C" FROM after))
       ORDER BY created_at DESC, task_id COLLATE "C" DESC LIMIT $5`,
      [owner.tenantId, owner.owner, this.now(), cursor ?? null, limit + 1],
    );
    return taskPageOf(rows.map(rowOf), limit);
  }

  async finish(taskId: string, status: TaskStatus, result: CallToolResult | undefined, message?: string) {
    const { rowCount } = await this.pool.query(
      `UPDATE mcp_tasks SET status = $1, status_message = $2, result = $3, updated_at = $4
       WHERE task_id = $5 AND status = 'working'`,
      [status, message ?? null, result ? JSON.stringify(result) : null, this.now(), taskId],
    );
    return (rowCount ?? 0) > 0;
  }

  async purgeExpired(): Promise<number> {
    const { rowCount } = await this.pool.query('DELETE FROM mcp_tasks WHERE created_at + ttl_ms <= $1', [this.now()]);
    return rowCount ?? 0;
  }

  async deleteTenant(tenantId: string): Promise<number> {
    const { rowCount } = await this.pool.query('DELETE FROM mcp_tasks WHERE tenant_id = $1', [tenantId]);
    return rowCount ?? 0;
  }

  private async row(owner: TaskOwner, taskId: string): Promise<TaskRow | undefined> {
    const { rows } = await this.pool.query<PgTaskRow>(
      `SELECT ${COLUMNS} FROM mcp_tasks WHERE task_id = $1 AND tenant_id = $2 AND owner = $3 AND created_at + ttl_ms > $4`,
      [taskId, owner.tenantId, owner.owner, this.now()],
    );
    return rows[0] ? rowOf(rows[0]) : undefined;
  }
}
