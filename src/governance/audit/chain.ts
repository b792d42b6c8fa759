import { createHmac, hash, timingSafeEqual } from 'node:crypto';
import { canonicalJson } from '../../analytics/cache.js';
import { compareKeys } from '../../analytics/key-order.js';
import { GENESIS, type AuditEntry, type AuditRow, type ChainLink, type ChainState, type SignedLink } from './record.js';

/** A body's fields in the order canonical JSON sorts keys. */
const BODY_KEYS = [
  'kind',
  'action',
  'user',
  'client',
  'node',
  'args',
  'outcome',
  'detail',
  'args_digest',
  'duration_ms',
]
  .slice()
  .sort(compareKeys);

/**
 * The body of an entry: every field but the tenant and the time (which are columns), as canonical JSON. The
 * known fields are laid out in canonical order, so `canonicalJson` writes a usual entry without a sorted copy;
 * an entry with other fields is sorted as any object.
 */
export function bodyOf(entry: AuditEntry): string {
  const { tenantId: _tenant, tenantEpoch: _epoch, at: _at, argsDigest, durationMs, ...rest } = entry;
  const fields: Record<string, unknown> = {
    ...rest,
    args_digest: argsDigest,
    duration_ms: durationMs === undefined ? undefined : Math.round(durationMs * 1000) / 1000,
  };
  const ordered = Object.create(null) as Record<string, unknown>;
  for (const key of BODY_KEYS) ordered[key] = fields[key];
  for (const key of Object.keys(fields)) if (!BODY_KEYS.includes(key)) ordered[key] = fields[key];
  return canonicalJson(ordered);
}

/** A record's hash: SHA-256 over its tenant, seq, time, body and the previous record's hash, as a JSON array. */
export function hashOf(row: Omit<AuditRow, 'hash'>): string {
  return hash('sha256', JSON.stringify([row.tenant_id, row.seq, row.at, row.body, row.prev_hash]));
}

/** Signs chain links with HMAC-SHA-256; verifies with any of its keys (the first signs, older ones still open). */
export class LinkSigner {
  constructor(private readonly keys: readonly Buffer[]) {
    if (keys.length === 0) throw new Error('The audit log needs at least one signing key');
  }

  sign(tenantId: string, link: ChainLink): SignedLink {
    return { ...link, signature: this.mac(this.keys[0], tenantId, link) };
  }

  verify(tenantId: string, link: SignedLink): boolean {
    const given = Buffer.from(link.signature, 'hex');
    return this.keys.some((key) => {
      const expected = Buffer.from(this.mac(key, tenantId, link), 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  }

  private mac(key: Buffer, tenantId: string, link: ChainLink): string {
    return createHmac('sha256', key)
      .update(JSON.stringify([tenantId, link.seq, link.hash]))
      .digest('hex');
  }
}

/** Entries chained after `head`: their rows, and the new head (signed). */
export function sealBatch(
  signer: LinkSigner,
  tenantId: string,
  head: ChainLink,
  entries: readonly AuditEntry[],
): { rows: AuditRow[]; head: SignedLink } {
  let last = head;
  const rows = entries.map((entry) => {
    const unsealed = {
      tenant_id: tenantId,
      seq: last.seq + 1,
      at: entry.at,
      body: bodyOf(entry),
      prev_hash: last.hash,
    };
    const row = { ...unsealed, hash: hashOf(unsealed) };
    last = row;
    return row;
  });
  return { rows, head: signer.sign(tenantId, { seq: last.seq, hash: last.hash }) };
}

export type BrokenLinkProblem = 'hash_mismatch' | 'missing_seq' | 'prev_mismatch' | 'bad_checkpoint' | 'bad_head';

export interface VerifyReport {
  tenant_id: string;
  ok: boolean;
  /** Records checked. */
  records: number;
  /** The seq of the last record the chain holds (the head). */
  head_seq: number;
  /** The first broken link, when there is one. */
  broken?: { seq: number; problem: BrokenLinkProblem; message: string };
}

/**
 * Checks a tenant's chain as it is read, page by page in seq order: the checkpoint's signature, then each
 * record's seq (gapless), its link to the previous record and its own hash, and at the end the signed head
 * (so a record deleted from the end is named too). Stops at the first broken link.
 */
export class ChainVerifier {
  private expected: ChainLink;
  private records = 0;
  private broken?: VerifyReport['broken'];

  constructor(
    private readonly signer: LinkSigner,
    private readonly tenantId: string,
    private readonly state: ChainState | undefined,
  ) {
    const checkpoint = state?.checkpoint;
    this.expected = checkpoint ?? GENESIS;
    if (checkpoint && !signer.verify(tenantId, checkpoint))
      this.fail(
        checkpoint.seq,
        'bad_checkpoint',
        'The retention checkpoint is not signed by this server: it was altered',
      );
  }

  get done(): boolean {
    return this.broken !== undefined;
  }

  /** The seq after which the next page starts. */
  get position(): number {
    return this.expected.seq;
  }

  check(rows: readonly AuditRow[]): void {
    for (const row of rows) {
      if (this.broken) return;
      const seq = this.expected.seq + 1;
      if (row.seq !== seq)
        return this.fail(seq, 'missing_seq', `Record ${seq} is missing (the next one stored is ${row.seq})`);
      if (row.prev_hash !== this.expected.hash)
        return this.fail(
          seq,
          'prev_mismatch',
          `Record ${seq} does not follow record ${seq - 1}: its previous hash differs`,
        );
      if (hashOf(row) !== row.hash)
        return this.fail(seq, 'hash_mismatch', `Record ${seq} was altered: its content does not match its hash`);
      this.expected = row;
      this.records++;
    }
  }

  report(): VerifyReport {
    if (!this.broken) this.checkHead();
    return {
      tenant_id: this.tenantId,
      ok: !this.broken,
      records: this.records,
      head_seq: this.expected.seq,
      ...(this.broken ? { broken: this.broken } : {}),
    };
  }

  private checkHead(): void {
    const head = this.state?.head;
    if (!head) {
      if (this.records > 0) this.fail(this.expected.seq, 'bad_head', 'The chain head is missing: it was deleted');
      return;
    }
    if (!this.signer.verify(this.tenantId, head))
      return this.fail(head.seq, 'bad_head', 'The chain head is not signed by this server: it was altered');
    if (head.seq > this.expected.seq)
      return this.fail(
        this.expected.seq + 1,
        'missing_seq',
        `Records ${this.expected.seq + 1} to ${head.seq} are missing`,
      );
    if (head.seq !== this.expected.seq || head.hash !== this.expected.hash)
      this.fail(head.seq, 'hash_mismatch', `Record ${head.seq} does not match the chain head`);
  }

  private fail(seq: number, problem: BrokenLinkProblem, message: string): void {
    this.broken ??= { seq, problem, message };
  }
}
