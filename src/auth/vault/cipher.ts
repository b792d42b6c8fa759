import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Keyring, VaultKey } from './keyring.js';

/** A sealed secret as stored: AES-256-GCM with a random nonce, under the key named by `keyId`. */
export interface SealedSecret {
  keyId: string;
  nonce: Buffer;
  ciphertext: Buffer;
  tag: Buffer;
}

/**
 * Seals bytes bound to `context` (tenant, user and provider) as GCM's additional data: a sealed row
 * copied under another user's or tenant's name fails to open instead of lending its credentials.
 */
export function seal(key: VaultKey, plaintext: Buffer, context: string): SealedSecret {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.key, nonce);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { keyId: key.id, nonce, ciphertext, tag: cipher.getAuthTag() };
}

class VaultKeyMissing extends Error {
  constructor(readonly keyId: string) {
    super(`The credential vault holds a row sealed with key ${keyId}, which is not in CONSTELLATION_ENCRYPTION_KEY`);
  }
}

/** Opens a sealed secret; throws when its key is unknown or it was altered or moved to another context. */
export function open(keyring: Keyring, sealed: SealedSecret, context: string): Buffer {
  const key = keyring.byId.get(sealed.keyId);
  if (!key) throw new VaultKeyMissing(sealed.keyId);
  const decipher = createDecipheriv('aes-256-gcm', key.key, sealed.nonce);
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(sealed.tag);
  return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]);
}
