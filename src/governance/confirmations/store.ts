/** What a confirmation is bound to: the call it lets run once, and nothing else. */
export interface ConfirmationBinding {
  tenantId: string;
  /** The caller's user (their email); empty for a caller that names none. */
  userId: string;
  /** The tool's qualified name. */
  tool: string;
  /** The audit log's digest of the exact arguments (credentials masked). */
  argsDigest: string;
}

export type ConfirmationStatus = 'pending' | 'confirmed' | 'declined';

/** One request for a person's confirmation, as stored. Times are epoch milliseconds. */
export interface Confirmation extends ConfirmationBinding {
  id: string;
  /** What would happen, in words (shown on the page and in the refusal). */
  action: string;
  /** The arguments as the page shows them (credentials masked), canonical JSON. */
  args: string;
  /** Whether the caller may run the call by repeating it with the id as its token, without a person. */
  tokenAllowed: boolean;
  status: ConfirmationStatus;
  createdAt: number;
  expiresAt: number;
  decidedAt?: number;
  usedAt?: number;
}

/**
 * Confirmations (SQLite: `store-sqlite.ts`, PostgreSQL: `store-pg.ts`). Consuming one is a single
 * conditional UPDATE, so of two nodes repeating the same call at once exactly one runs it.
 */
export interface ConfirmationStore {
  /** Stores a new confirmation; false when its tenant does not exist (or no longer at `epoch`). */
  create(confirmation: Confirmation, epoch?: string): Promise<boolean>;
  get(id: string): Promise<Confirmation | undefined>;
  /** Records a person's decision on a pending, unexpired confirmation of theirs; false when there is none. */
  decide(id: string, userId: string, decision: 'confirmed' | 'declined', now: number): Promise<boolean>;
  /**
   * Marks used, once, a confirmation that lets this exact call run: the one `token` names (confirmed, or
   * pending where tokens are allowed), or without a token any confirmed one of the binding. Its id, or
   * undefined when none may be used.
   */
  consume(binding: ConfirmationBinding, now: number, token?: string): Promise<string | undefined>;
  /** Forgets confirmations that expired before `before` (epoch ms); how many. */
  deleteExpired(before: number): Promise<number>;
  /** Forgets every confirmation of a tenant (the tenant purge). */
  deleteTenant(tenantId: string): Promise<number>;
}

/** A stored row in either backend's spelling of booleans and bigints. */
export interface ConfirmationRow {
  id: string;
  tenant_id: string;
  user_id: string;
  tool: string;
  args_digest: string;
  action: string;
  args: string;
  token_allowed: number | boolean;
  status: string;
  created_at: number | string;
  expires_at: number | string;
  decided_at: number | string | null;
  used_at: number | string | null;
}

const optionalNumber = (value: number | string | null): number | undefined =>
  value === null ? undefined : Number(value);

export const confirmationOf = (row: ConfirmationRow): Confirmation => ({
  id: row.id,
  tenantId: row.tenant_id,
  userId: row.user_id,
  tool: row.tool,
  argsDigest: row.args_digest,
  action: row.action,
  args: row.args,
  tokenAllowed: row.token_allowed === true || row.token_allowed === 1,
  status: row.status as ConfirmationStatus,
  createdAt: Number(row.created_at),
  expiresAt: Number(row.expires_at),
  decidedAt: optionalNumber(row.decided_at),
  usedAt: optionalNumber(row.used_at),
});

/**
 * The one consuming statement of both backends (`?` placeholders; PostgreSQL numbers them): by token, the
 * named confirmation; without one, the oldest confirmed one of the binding. `used_at IS NULL` is checked
 * again by the UPDATE itself, so a confirmation is used once even when two nodes pick it at the same time.
 */
const CONSUME_BY_TOKEN = `UPDATE confirmations SET used_at = ?
  WHERE id = ? AND tenant_id = ? AND user_id = ? AND tool = ? AND args_digest = ? AND used_at IS NULL AND expires_at > ?
    AND (status = 'confirmed' OR (status = 'pending' AND token_allowed = TRUE))
  RETURNING id`;

const CONSUME_CONFIRMED = `UPDATE confirmations SET used_at = ?
  WHERE id = (SELECT id FROM confirmations
      WHERE tenant_id = ? AND user_id = ? AND tool = ? AND args_digest = ? AND status = 'confirmed'
        AND used_at IS NULL AND expires_at > ?
      ORDER BY created_at LIMIT 1)
    AND used_at IS NULL
  RETURNING id`;

const DECIDE = `UPDATE confirmations SET status = ?, decided_at = ?
  WHERE id = ? AND user_id = ? AND status = 'pending' AND used_at IS NULL AND expires_at > ?`;

const INSERT_COLUMNS =
  'id, tenant_id, user_id, tool, args_digest, action, args, token_allowed, status, created_at, expires_at';

/** The statements both backends run (`?` placeholders), and the inserted row's columns. */
export const CONFIRMATION_SQL = {
  consumeByToken: CONSUME_BY_TOKEN,
  consumeConfirmed: CONSUME_CONFIRMED,
  decide: DECIDE,
  insertColumns: INSERT_COLUMNS,
};

export const insertValues = (c: Confirmation): unknown[] => [
  c.id,
  c.tenantId,
  c.userId,
  c.tool,
  c.argsDigest,
  c.action,
  c.args,
  c.tokenAllowed,
  c.status,
  c.createdAt,
  c.expiresAt,
];
