import { z } from 'zod';

// A token's request and claims, apart from the token service: a stdio start builds that service but issues and
// verifies no token, so it builds neither schema (loaded with the first token, as jose is).

export const TokenRequest = z.object({
  tenant_id: z.string().regex(/^[A-Za-z0-9]{3,50}$/, 'tenant_id must be 3-50 alphanumeric characters'),
  user_email: z.email().max(254).optional(),
  user_display_name: z.string().max(200).optional(),
  connections: z.record(z.string().max(50), z.record(z.string(), z.unknown())).default({}),
  /** Lifetime in seconds; the server's default when omitted. */
  expires_in: z
    .number()
    .int()
    .min(60)
    .max(30 * 86_400)
    .optional(),
});
export type TokenRequest = z.infer<typeof TokenRequest>;

/** What a verified token's payload must hold. */
export const Claims = z.object({
  tenant_id: z.string(),
  /** The tenant's generation at issue time: a token never outlives the tenant it was issued for. */
  tenant_epoch: z.string().min(1),
  user_email: z.string().optional(),
  user_display_name: z.string().optional(),
  connections: z.record(z.string(), z.record(z.string(), z.unknown())).default({}),
});
