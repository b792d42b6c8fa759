import type { Caller } from '../toolkit/context.js';
import { AppError } from '../toolkit/errors.js';
import type { TenantState } from '../store/tenant-store.js';
import type { TokenRequest } from './token-schemas.js';

/** JWTs are HS256 (HMAC-SHA256) with the server's secret; issuer and audience are fixed names. */
const JWT_ALGORITHM = 'HS256';
const ISSUER = 'constellation';
const AUDIENCE = 'constellation-api';

/**
 * jose and the claims' schema are loaded with the first token issued or presented: a start (a stdio server's above
 * all) has none to check.
 */
const jose = () => import('jose');
const tokenSchemas = () => import('./token-schemas.js');

/** Verified tokens remembered so a busy client does not pay the HMAC on every request. */
const VERIFIED_CACHE_SIZE = 5_000;

/** The current epoch and cache generation of a tenant (one read); undefined when the tenant does not exist. */
type TenantStateLookup = (tenantId: string) => Promise<TenantState | undefined>;

export class TokenService {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, { caller: Caller & { tenantEpoch: string }; expiresAt: number }>();

  constructor(
    secret: string,
    private readonly defaultTtlSeconds: number,
    private readonly tenantState: TenantStateLookup,
    private readonly now: () => number = Date.now,
    /**
     * 32 bytes: when set, tokens are signed then encrypted (JWE, dir + A256GCM), so a leaked token does
     * not leak the integration credentials it carries; plain signed tokens are then refused.
     */
    private readonly encryptionKey?: Uint8Array,
  ) {
    this.key = new TextEncoder().encode(secret);
    if (encryptionKey && encryptionKey.length !== 32) throw new Error('The token encryption key must be 32 bytes');
  }

  /** Signs a token bound to the tenant's current epoch; TENANT_NOT_FOUND when the tenant does not exist. */
  async issue(request: TokenRequest): Promise<string> {
    const epoch = (await this.tenantState(request.tenant_id))?.epoch;
    if (epoch === undefined) throw new AppError('TENANT_NOT_FOUND', `Tenant not found: ${request.tenant_id}`);
    const iat = Math.floor(this.now() / 1000);
    const { SignJWT } = await jose();
    return new SignJWT({
      tenant_id: request.tenant_id,
      tenant_epoch: epoch,
      ...(request.user_email ? { user_email: request.user_email } : {}),
      ...(request.user_display_name ? { user_display_name: request.user_display_name } : {}),
      connections: request.connections,
    })
      .setProtectedHeader({ alg: JWT_ALGORITHM, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(request.user_email ?? request.tenant_id)
      .setIssuedAt(iat)
      .setExpirationTime(iat + (request.expires_in ?? this.defaultTtlSeconds))
      .sign(this.key)
      .then((signed) => this.sealed(signed));
  }

  private async sealed(signed: string): Promise<string> {
    if (!this.encryptionKey) return signed;
    const { CompactEncrypt } = await jose();
    return new CompactEncrypt(new TextEncoder().encode(signed))
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', cty: 'JWT' })
      .encrypt(this.encryptionKey);
  }

  /** The signed token inside: decrypted when the server encrypts tokens (which it then requires). */
  private async opened(token: string): Promise<string> {
    const encrypted = token.split('.').length === 5;
    if (!this.encryptionKey) {
      if (encrypted) throw new AppError('UNAUTHORIZED', 'Invalid token: this server does not encrypt tokens');
      return token;
    }
    if (!encrypted)
      throw new AppError('UNAUTHORIZED', 'Invalid token: this server requires encrypted tokens (issue a new one)');
    const { compactDecrypt } = await jose();
    try {
      return new TextDecoder().decode((await compactDecrypt(token, this.encryptionKey)).plaintext);
    } catch {
      throw new AppError('UNAUTHORIZED', 'Invalid token');
    }
  }

  /**
   * Verifies signature, algorithm, issuer, audience and expiry (`exp` is required), then, on every
   * request even when the signature check is remembered, that the token's tenant still exists in the
   * generation it was issued for. Any failure is 401 UNAUTHORIZED. The caller carries the tenant's cache
   * generation read with the epoch (the same query), which the caches key on.
   */
  async verify(token: string): Promise<Caller> {
    let known = this.verified.get(token);
    if (known && known.expiresAt <= this.now()) {
      this.verified.delete(token);
      known = undefined;
    }
    const caller = known?.caller ?? (await this.verifyUncached(token));
    const tenant = await this.tenantState(caller.tenantId);
    if (tenant?.epoch !== caller.tenantEpoch) {
      this.verified.delete(token);
      throw new AppError('UNAUTHORIZED', `Tenant of this token no longer exists: ${caller.tenantId}`);
    }
    return { ...caller, cacheGeneration: tenant.cacheGeneration };
  }

  private async verifyUncached(token: string): Promise<Caller & { tenantEpoch: string }> {
    const signed = await this.opened(token);
    const [{ errors: joseErrors, jwtVerify }, { Claims }] = await Promise.all([jose(), tokenSchemas()]);
    try {
      const { payload } = await jwtVerify(signed, this.key, {
        algorithms: [JWT_ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['exp'],
        currentDate: new Date(this.now()),
      });
      const claims = Claims.parse(payload);
      const caller = {
        tenantId: claims.tenant_id,
        tenantEpoch: claims.tenant_epoch,
        userEmail: claims.user_email,
        userDisplayName: claims.user_display_name,
        connections: claims.connections,
      };
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, { caller, expiresAt: (payload.exp ?? 0) * 1000 });
      return caller;
    } catch (error) {
      const reason =
        error instanceof joseErrors.JWTExpired
          ? 'Token has expired'
          : error instanceof joseErrors.JWTClaimValidationFailed && error.claim === 'exp'
            ? 'Invalid token: it has no expiry (exp)'
            : 'Invalid token';
      throw new AppError('UNAUTHORIZED', reason);
    }
  }
}
