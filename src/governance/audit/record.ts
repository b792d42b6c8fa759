/** What one audited act is: a tool call, an administrator's request, a user's consent or revocation, a confirmation. */
export type AuditKind = 'tool_call' | 'admin' | 'consent' | 'revoke' | 'confirmation';

/** An act to record, before it is chained: the fields a record's body holds, plus its tenant and time. */
export interface AuditEntry {
  tenantId: string;
  /**
   * The tenant's epoch when the act happened: a record queued before its tenant was deleted and re-created
   * must not land in the new tenant's chain. Not part of the record.
   */
  tenantEpoch?: string;
  /** Epoch milliseconds. */
  at: number;
  kind: AuditKind;
  /** The tool's qualified name, the admin operation, or the provider consented to or revoked. */
  action: string;
  user?: string;
  /** The MCP client's name/version from initialize, else the HTTP User-Agent. */
  client?: string;
  node: string;
  /** SHA-256 of the arguments' canonical JSON, secrets redacted. */
  argsDigest?: string;
  /** The arguments themselves (secrets redacted), only where the tenant's policy keeps them. */
  args?: unknown;
  /** `ok`, or the error code the caller was answered with. */
  outcome: string;
  durationMs?: number;
  /** What else the act's record should say (the secrets a refused call carried, by kind and path). */
  detail?: Record<string, unknown>;
}

/** An act to record, or how to make it: what costs time (masking, digests) is then done off the call's path. */
export type QueuedAct = AuditEntry | (() => AuditEntry);

/** A record as stored: its place in the tenant's chain, the body's canonical JSON and both hashes. */
export interface AuditRow {
  tenant_id: string;
  seq: number;
  at: number;
  body: string;
  prev_hash: string;
  hash: string;
}

/** Where a chain stands: the last record's seq and hash (seq 0 and an empty hash before the first). */
export interface ChainLink {
  seq: number;
  hash: string;
}

/** A signed link: the chain head after each append, the checkpoint after a retention cut. */
export interface SignedLink extends ChainLink {
  signature: string;
}

/** The tenant's chain head, and the checkpoint the last retention cut left (the link its first record follows). */
export interface ChainState {
  head: SignedLink;
  checkpoint?: SignedLink;
}

export const GENESIS: ChainLink = { seq: 0, hash: '' };
