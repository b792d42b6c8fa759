import type { Statement } from 'better-sqlite3';
import type { Db } from '../../store/db.js';
import type { UsedConsentLinks } from './used-consent-links.js';

/** Used consent links in the installation's SQLite file. */
export class SqliteUsedConsentLinks implements UsedConsentLinks {
  private readonly insert: Statement;
  private readonly prune: Statement;

  constructor(private readonly db: Db) {
    this.insert = db.prepare(
      'INSERT INTO oauth_consent_links_used (nonce, expires_at) VALUES (?, ?) ON CONFLICT (nonce) DO NOTHING',
    );
    this.prune = db.prepare('DELETE FROM oauth_consent_links_used WHERE expires_at <= ?');
  }

  async claim(nonce: string, expiresAt: number, now: number): Promise<boolean> {
    return this.db.transaction(() => {
      this.prune.run(now);
      return this.insert.run(nonce, expiresAt).changes === 1;
    })();
  }
}
