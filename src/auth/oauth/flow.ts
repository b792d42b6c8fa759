import { createHash, randomBytes } from 'node:crypto';
import type { Clock, Logger } from '../../toolkit/context.js';
import { AppError } from '../../toolkit/errors.js';
import type { CredentialVault, VaultOwner } from '../vault/index.js';
import type { PendingAuthorization, PendingAuthorizations } from './pending.js';
import { RefreshRejected, type OAuthProvider, type ProviderTokens } from '../../integrations/oauth-provider.js';
import { STATE_TTL_SECONDS, StateTokens } from './state-token.js';
import type { ConsentLinks } from './consent-links.js';

/** What the vault holds for a user of a provider. */
export interface StoredGrant extends ProviderTokens {
  accountEmail: string;
  authorizedAt: number;
}

/**
 * `authorized`: tokens are stored (an expired access token is refreshed on use). `needs_oauth`: none
 * are, or the provider refused the refresh token. `no_access`: the user cannot authorize here at all
 * (see OAuthFlowOptions.accessDenied).
 */
export type AuthorizationState = 'authorized' | 'needs_oauth' | 'no_access';

export interface AuthorizationStatus {
  status: AuthorizationState;
  user_email: string;
  scopes: string[];
  /** ISO time the access token expires; null when unknown or not authorized. */
  expires_at: string | null;
  message?: string;
  auth_url?: string;
}

export interface OAuthFlowOptions {
  provider: OAuthProvider;
  vault: CredentialVault;
  pending: PendingAuthorizations;
  states: StateTokens;
  clock: Clock;
  log: Logger;
  /** Where the provider sends the user back: the callback route's absolute URL. */
  redirectUri(): string;
  /** The link that starts authorization for a user (the authorize route), given in `needs_oauth` answers. */
  authorizeLink(owner: VaultOwner): string;
  /** Hears each consent stored and each grant revoked (the audit log). */
  /** Runs before the consent or revocation is answered (a revocation forgets what the grant let the graph keep). */
  onGrantChange?: (change: { kind: 'consent' | 'revoke'; owner: VaultOwner; provider: string }) => void | Promise<void>;
  /** Present when the authorize route takes signed links instead of the user's token (see ConsentLinks). */
  consentLinks?: ConsentLinks;
  /**
   * Why this user can never authorize here (`no_access`), or undefined when they can: e.g. the
   * provider's app is not configured, or the user's email domain is not allowed.
   */
  accessDenied?(owner: VaultOwner): Promise<string | undefined>;
  /** Refresh an access token this long before it expires (default one minute). */
  refreshMarginMs?: number;
}

const ownerKey = (owner: VaultOwner): string => JSON.stringify([owner.tenantId, owner.userEmail.trim().toLowerCase()]);

/**
 * The OAuth 2.0 authorization-code flow for one provider, shared by every system that acts for each
 * user (suite, chat): a signed single-use state, PKCE, the check that the provider account is the
 * user's own, sealed storage, automatic refresh, status and revocation.
 */
export class OAuthFlow {
  private readonly refreshing = new Map<string, Promise<StoredGrant>>();

  constructor(private readonly options: OAuthFlowOptions) {}

  get provider(): OAuthProvider {
    return this.options.provider;
  }

  get consentLinks(): ConsentLinks | undefined {
    return this.options.consentLinks;
  }

  /** The provider's consent URL for a user, with a fresh state; starts a pending authorization. */
  async begin(owner: VaultOwner, returnUrl?: string): Promise<string> {
    const denied = await this.options.accessDenied?.(owner);
    if (denied) throw new AppError('FORBIDDEN', denied);
    return this.consentUrl(owner, (pending, now) =>
      this.options.pending.add({ ...pending, returnUrl }, now, owner.tenantEpoch),
    );
  }

  /**
   * A consent URL like `begin`'s for an owner who can never authorize here (an unknown tenant), with
   * nothing recorded: its callback is refused as an expired authorization. Routes without credentials
   * answer an unknown tenant with it, so their answers do not tell which tenants exist.
   */
  async unusableConsentUrl(owner: VaultOwner): Promise<string> {
    return this.consentUrl(owner, () => undefined);
  }

  private async consentUrl(
    owner: VaultOwner,
    record: (pending: PendingAuthorization, now: number) => void | Promise<void>,
  ): Promise<string> {
    const { provider, clock } = this.options;
    const nonce = StateTokens.newNonce();
    const codeVerifier = provider.pkce ? randomBytes(48).toString('base64url') : undefined;
    const redirectUri = this.options.redirectUri();
    const now = clock.now();
    const userEmail = owner.userEmail.trim().toLowerCase();
    await record(
      {
        nonce,
        tenantId: owner.tenantId,
        userEmail,
        provider: provider.id,
        codeVerifier,
        redirectUri,
        expiresAt: now + STATE_TTL_SECONDS * 1000,
      },
      now,
    );
    const state = await this.options.states.sign({ tenantId: owner.tenantId, userEmail, provider: provider.id, nonce });
    const codeChallenge = codeVerifier && createHash('sha256').update(codeVerifier).digest('base64url');
    return await provider.authorizationUrl({ state, redirectUri, codeChallenge, loginHint: owner.userEmail });
  }

  /**
   * The provider's redirect back: checks the state (genuine, unexpired, unused), exchanges the code,
   * and stores the tokens only when the provider account's email is the user's. Nothing is stored on
   * any failure.
   */
  async complete(callback: {
    code?: string;
    state?: string;
    error?: string;
  }): Promise<{ owner: VaultOwner; grant: StoredGrant; returnUrl?: string }> {
    const { provider, clock, vault, log } = this.options;
    const claims = callback.state ? await this.options.states.verify(callback.state, provider.id) : undefined;
    if (!claims)
      throw new AppError(
        'VALIDATION_ERROR',
        'The authorization state is missing, altered or expired: start the authorization again',
      );
    const pending = await this.options.pending.consume(claims.nonce, clock.now());
    if (!pending || pending.tenantId !== claims.tenantId || pending.userEmail !== claims.userEmail) {
      throw new AppError(
        'VALIDATION_ERROR',
        'This authorization was already completed or has expired: start the authorization again',
      );
    }
    if (callback.error)
      throw new AppError('FORBIDDEN', `${provider.title} authorization was not granted: ${callback.error}`);
    if (!callback.code) throw new AppError('VALIDATION_ERROR', `${provider.title} sent no authorization code`);
    const grant = await provider.exchangeCode({
      code: callback.code,
      redirectUri: pending.redirectUri,
      codeVerifier: pending.codeVerifier,
    });
    const owner: VaultOwner = { tenantId: claims.tenantId, userEmail: claims.userEmail };
    if (grant.accountEmail.trim().toLowerCase() !== claims.userEmail) {
      log.warn('oauth: provider account differs from the user', { provider: provider.id, tenant_id: owner.tenantId });
      await provider.revoke(grant).catch(() => undefined);
      throw new AppError(
        'FORBIDDEN',
        `Email mismatch: the ${provider.title} account ${grant.accountEmail} is not ${claims.userEmail}. Sign in with ${claims.userEmail}.`,
        {
          details: { reason: 'email_mismatch', provider: provider.id },
        },
      );
    }
    const stored: StoredGrant = { ...grant, authorizedAt: clock.now() };
    await vault.put(owner, provider.id, { ...stored });
    await this.options.onGrantChange?.({ kind: 'consent', owner, provider: provider.id });
    return { owner, grant: stored, returnUrl: pending.returnUrl };
  }

  async status(owner: VaultOwner): Promise<AuthorizationStatus> {
    const base = { user_email: owner.userEmail, scopes: [] as string[], expires_at: null };
    const denied = await this.options.accessDenied?.(owner);
    if (denied) return { ...base, status: 'no_access', message: denied };
    const stored = await this.stored(owner);
    if (!stored) return this.notAuthorized(owner);
    return {
      ...base,
      status: 'authorized',
      scopes: stored.scopes,
      expires_at: stored.expiresAt ? new Date(stored.expiresAt).toISOString() : null,
    };
  }

  /** The status of a user with no grant: `needs_oauth`, with the link that starts authorization. */
  notAuthorized(owner: VaultOwner): AuthorizationStatus {
    const message = `Authorize ${this.provider.title} to continue`;
    return {
      status: 'needs_oauth',
      user_email: owner.userEmail,
      scopes: [],
      expires_at: null,
      message,
      auth_url: this.options.authorizeLink(owner),
    };
  }

  /** Revokes the grant at the provider (best effort) and forgets it; false when there was none. */
  async revoke(owner: VaultOwner): Promise<boolean> {
    const stored = await this.stored(owner);
    if (!stored) return false;
    try {
      await this.provider.revoke(stored);
    } catch (error) {
      // The user asked to disconnect: forget the tokens even when the provider is unreachable.
      this.options.log.warn('oauth: revocation at the provider failed; tokens forgotten anyway', {
        provider: this.provider.id,
        reason: error instanceof Error ? error.message : String(error),
      });
    }
    const removed = await this.options.vault.delete(owner, this.provider.id);
    await this.options.onGrantChange?.({ kind: 'revoke', owner, provider: this.provider.id });
    return removed;
  }

  /**
   * The user's tokens, refreshed first when the access token has expired (or is about to), or when
   * `afterUnauthorized` says the provider just refused it. Throws AUTHORIZATION_REQUIRED (with the
   * link to authorize) when there are none or the refresh token was refused.
   */
  async tokens(owner: VaultOwner, options: { afterUnauthorized?: boolean } = {}): Promise<StoredGrant> {
    const stored = await this.stored(owner);
    if (!stored) throw this.authorizationRequired(owner, `Authorize ${this.provider.title} to continue`);
    if (this.isFresh(stored) && !options.afterUnauthorized) return stored;
    const key = ownerKey(owner);
    let running = this.refreshing.get(key);
    if (!running) {
      running = this.refresh(owner, stored, options.afterUnauthorized === true).finally(() =>
        this.refreshing.delete(key),
      );
      this.refreshing.set(key, running);
    }
    return running;
  }

  /**
   * Refreshes under the grant's lock, shared by every server on the store: the grant is read again once
   * the lock is held, so a server that waited finds the tokens another one just stored and uses them
   * instead of spending a refresh token the provider may have rotated away.
   */
  private async refresh(owner: VaultOwner, seen: StoredGrant, afterUnauthorized: boolean): Promise<StoredGrant> {
    const outcome = await this.options.vault.withGrantLock(
      owner,
      this.provider.id,
      async (row): Promise<{ grant: StoredGrant } | { refused: string }> => {
        const stored = (await row.get()) as StoredGrant | undefined;
        if (!stored) return { refused: `Authorize ${this.provider.title} to continue` };
        const renewedMeanwhile = stored.accessToken !== seen.accessToken;
        if (renewedMeanwhile && (this.isFresh(stored) || afterUnauthorized)) return { grant: stored };
        if (!stored.refreshToken) {
          await row.delete();
          return { refused: `The ${this.provider.title} authorization has expired: authorize again` };
        }
        try {
          const refreshed = await this.provider.refresh(stored);
          const next: StoredGrant = {
            ...stored,
            ...refreshed,
            refreshToken: refreshed.refreshToken ?? stored.refreshToken,
          };
          await row.put({ ...next }, { sameGrant: true });
          return { grant: next };
        } catch (error) {
          if (!(error instanceof RefreshRejected)) throw error;
          await row.delete();
          return {
            refused: `${this.provider.title} no longer accepts this authorization (it was revoked or expired): authorize again`,
          };
        }
      },
    );
    // Refused only once the lock is released: on PostgreSQL an error thrown inside it would roll back the
    // grant's deletion, and every node would go on offering the refused grant.
    if ('refused' in outcome) throw this.authorizationRequired(owner, outcome.refused);
    return outcome.grant;
  }

  private isFresh(grant: StoredGrant): boolean {
    const margin = this.options.refreshMarginMs ?? 60_000;
    return grant.expiresAt === undefined || grant.expiresAt - margin > this.options.clock.now();
  }

  /** The generation of the user's grant: it changes when the grant is replaced or removed, not when refreshed. */
  grantGeneration(owner: VaultOwner): string {
    return this.options.vault.generations.current({
      tenantId: owner.tenantId,
      userEmail: owner.userEmail,
      provider: this.provider.id,
    });
  }

  private async stored(owner: VaultOwner): Promise<StoredGrant | undefined> {
    return (await this.options.vault.get(owner, this.provider.id)) as StoredGrant | undefined;
  }

  /** The AUTHORIZATION_REQUIRED error for a user, with the link that starts their authorization. */
  authorizationRequired(owner: VaultOwner, message = `Authorize ${this.provider.title} to continue`): AppError {
    return new AppError('AUTHORIZATION_REQUIRED', message, {
      details: { provider: this.provider.id, auth_url: this.options.authorizeLink(owner) },
    });
  }
}
