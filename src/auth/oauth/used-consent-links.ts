import type { Statement } from 'better-sqlite3';
import type { Db } from '../../store/db.js';

/** The nonces of consent links already opened, kept until the link would have expired anyway. */
export class UsedConsentLinks {
  private readonly insert: Statement;
  private readonly prune: Statement;

  constructor(private readonly db: Db) {
    this.insert = db.prepare(
      'INSERT INTO oauth_consent_links_used (nonce, expires_at) VALUES (?, ?) ON CONFLICT (nonce) DO NOTHING',
    );
    this.prune = db.prepare('DELETE FROM oauth_consent_links_used WHERE expires_at <= ?');
  }

  /** Marks a link's nonce used: true the first time, false when it already was. */
  claim(nonce: string, expiresAt: number, now: number): boolean {
    return this.db.transaction(() => {
      this.prune.run(now);
      return this.insert.run(nonce, expiresAt).changes === 1;
    })();
  }
}
