import { createHash, timingSafeEqual } from 'node:crypto';

/** Compares an offered API key with the configured one in constant time (digests have equal length). */
export function apiKeyMatches(offered: string | undefined, expected: string): boolean {
  if (!offered) return false;
  const a = createHash('sha256').update(offered).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
