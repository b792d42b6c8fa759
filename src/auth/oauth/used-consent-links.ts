/**
 * The nonces of consent links already opened, kept until the link would have expired anyway (SQLite:
 * `used-consent-links-sqlite.ts`, PostgreSQL: `used-consent-links-pg.ts`).
 */
export interface UsedConsentLinks {
  /** Marks a link's nonce used (pruning expired marks): true the first time, false when it already was. */
  claim(nonce: string, expiresAt: number, now: number): Promise<boolean>;
}
