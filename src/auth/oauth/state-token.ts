import { hkdfSync, randomBytes } from 'node:crypto';

/** Lifetime of a state token and of the authorization it starts. */
export const STATE_TTL_SECONDS = 600;

/** jose is loaded with the first authorization a user starts, not with the server. */
const jose = () => import('jose');

interface StateClaims {
  tenantId: string;
  userEmail: string;
  provider: string;
  nonce: string;
  issuedAt: number;
}

/**
 * The `state` of an authorization request: a short-lived JWT (tenant, user email, provider, nonce,
 * issue time) signed with a key derived for this purpose alone, so no other token of the server is a
 * valid state and no state is a valid API token.
 */
export class StateTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly now: () => number,
  ) {
    this.key = new Uint8Array(hkdfSync('sha256', secret, 'constellation', 'oauth-state', 32));
  }

  static newNonce(): string {
    return randomBytes(18).toString('base64url');
  }

  async sign(claims: Omit<StateClaims, 'issuedAt'>): Promise<string> {
    const issuedAt = Math.floor(this.now() / 1000);
    const { SignJWT } = await jose();
    return new SignJWT({ tid: claims.tenantId, eml: claims.userEmail, prv: claims.provider })
      .setProtectedHeader({ alg: 'HS256', typ: 'oauth-state+jwt' })
      .setJti(claims.nonce)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + STATE_TTL_SECONDS)
      .sign(this.key);
  }

  /** The claims of a genuine, unexpired state of `provider`; undefined for anything else. */
  async verify(token: string, provider: string): Promise<StateClaims | undefined> {
    const { jwtVerify } = await jose();
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        typ: 'oauth-state+jwt',
        currentDate: new Date(this.now()),
      });
      const { tid, eml, prv, jti, iat } = payload;
      if (
        typeof tid !== 'string' ||
        typeof eml !== 'string' ||
        prv !== provider ||
        typeof jti !== 'string' ||
        typeof iat !== 'number'
      )
        return undefined;
      return { tenantId: tid, userEmail: eml, provider: prv, nonce: jti, issuedAt: iat };
    } catch {
      return undefined;
    }
  }
}
