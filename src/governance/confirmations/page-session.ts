import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Confirmation } from './store.js';

/**
 * What the confirmation page hands a browser, signed with a key derived for this purpose alone: the form's
 * anti-forgery value (bound to the confirmation and its person, so another site cannot post a decision) and
 * the ticket a person who signed in with their token carries in a cookie until the confirmation expires.
 */
export class PageSession {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'constellation', 'confirmation-page', 32));
  }

  /** The hidden form field every decision must carry. */
  formValue(confirmation: Confirmation): string {
    return this.mac('form', confirmation);
  }

  /** The cookie ticket of the person the confirmation is for. */
  ticket(confirmation: Confirmation): string {
    return this.mac('ticket', confirmation);
  }

  formValueMatches(confirmation: Confirmation, given: unknown): boolean {
    return typeof given === 'string' && same(given, this.formValue(confirmation));
  }

  ticketMatches(confirmation: Confirmation, given: string | undefined): boolean {
    return given !== undefined && same(given, this.ticket(confirmation));
  }

  private mac(purpose: string, c: Confirmation): string {
    return createHmac('sha256', this.key)
      .update(JSON.stringify([purpose, c.id, c.tenantId, c.userId, c.expiresAt]))
      .digest('base64url');
  }
}

const same = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};
