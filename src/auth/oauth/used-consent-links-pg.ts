import type pg from 'pg';
import { inPgTransaction } from '../../store/pg/transaction.js';
import type { UsedConsentLinks } from './used-consent-links.js';

/** Used consent links in PostgreSQL (table `oauth_consent_links_used`, migration `002_consent_links_used`). */
export class PgUsedConsentLinks implements UsedConsentLinks {
  constructor(private readonly pool: pg.Pool) {}

  async claim(nonce: string, expiresAt: number, now: number): Promise<boolean> {
    return inPgTransaction(this.pool, async (client) => {
      await client.query('DELETE FROM oauth_consent_links_used WHERE expires_at <= $1', [now]);
      // Of two claims of one nonce, the primary key lets exactly one insert; the other waits and inserts nothing.
      const { rowCount } = await client.query(
        'INSERT INTO oauth_consent_links_used (nonce, expires_at) VALUES ($1, $2) ON CONFLICT (nonce) DO NOTHING',
        [nonce, expiresAt],
      );
      return rowCount === 1;
    });
  }
}
