import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../toolkit/errors.js';
import type { VaultOwner } from '../vault/index.js';
import type { UsedConsentLinks } from './used-consent-links.js';

/** How long a consent link handed to a person opens the consent page. */
export const CONSENT_LINK_TTL_SECONDS = 900;

const ASK_AGAIN = 'ask your assistant again for a new link';

/**
 * Consent links a person opens in a browser, for families whose authorize route otherwise needs the
 * user's token: `?tenant_id=…&user_email=…&signature=<expiry>.<nonce>.<mac>`. The MAC (a key derived for
 * this purpose alone) binds family, tenant, user, expiry and nonce; each nonce opens consent once. No
 * token rides in the URL, so none leaks into browser history or logs.
 */
export class ConsentLinks {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly family: string,
    private readonly now: () => number,
    private readonly used: UsedConsentLinks,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'constellation', 'oauth-consent-link', 32));
  }

  /** The link's query for a user: fresh nonce, expiring CONSENT_LINK_TTL_SECONDS from now. */
  query(owner: Pick<VaultOwner, 'tenantId' | 'userEmail'>): URLSearchParams {
    const userEmail = owner.userEmail.trim().toLowerCase();
    const expires = Math.floor(this.now() / 1000) + CONSENT_LINK_TTL_SECONDS;
    const nonce = randomBytes(12).toString('base64url');
    const mac = this.mac(owner.tenantId, userEmail, expires, nonce);
    return new URLSearchParams({
      tenant_id: owner.tenantId,
      user_email: userEmail,
      signature: `${expires}.${nonce}.${mac}`,
    });
  }

  /** The user of a genuine, unexpired, unused link, marking it used; a FORBIDDEN naming why otherwise. */
  async redeem(link: {
    tenantId?: string;
    userEmail?: string;
    signature: string;
  }): Promise<{ tenantId: string; userEmail: string }> {
    const [expiresText, nonce, mac] = link.signature.split('.');
    const expires = Number(expiresText);
    const userEmail = link.userEmail?.trim().toLowerCase();
    if (
      !link.tenantId ||
      !userEmail ||
      !nonce ||
      !mac ||
      !Number.isSafeInteger(expires) ||
      !this.matches(mac, this.mac(link.tenantId, userEmail, expires, nonce))
    )
      throw new AppError('FORBIDDEN', `This consent link is not valid (it was altered or cut short): ${ASK_AGAIN}`);
    const now = this.now();
    if (expires * 1000 <= now) throw new AppError('FORBIDDEN', `This consent link has expired: ${ASK_AGAIN}`);
    if (!(await this.used.claim(`${this.family}:${nonce}`, expires * 1000, now)))
      throw new AppError('FORBIDDEN', `This consent link was already used: ${ASK_AGAIN}`);
    return { tenantId: link.tenantId, userEmail };
  }

  private mac(tenantId: string, userEmail: string, expires: number, nonce: string): string {
    return createHmac('sha256', this.key)
      .update(JSON.stringify([this.family, tenantId, userEmail, expires, nonce]))
      .digest('base64url');
  }

  private matches(given: string, expected: string): boolean {
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b);
  }
}
