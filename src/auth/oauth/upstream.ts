import type { Config } from '../../config/config.js';
import type { OAuthProvider } from '../../integrations/oauth-provider.js';

/** An OAuth client registered with the upstream (an app's id and secret). */
export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

/**
 * How a family's authorization routes look (Document 2). The spec gives two forms:
 * `consent-link`: authorize takes `tenant_id` and `user_email` without credentials; status and revoke
 * (DELETE) take the JWT (the suite). `app-install`: authorize and revoke (POST) take the JWT as the
 * `Access-Token` header or `bearer_token` query parameter, authorize may name a `return_url`, and status
 * takes `tenant_id` and `user_email` without credentials (chat).
 */
export interface OAuthRouteForm {
  shape: 'consent-link' | 'app-install';
  /** Status of "the user must authorize first", and `system` added to object details (named failures). */
  errors: { authorizationStatus: number; system?: string };
  /** The OpenAPI summaries of the family's operations, and where authorize redirects to. */
  summaries: { authorize: string; callback: string; status: string; revoke: string };
  consentPage: string;
  /** What revoke answers when it did revoke. */
  revoked: string;
}

/**
 * An upstream users authorize one by one (Google, Slack): its OAuth provider with its scopes, how the
 * server's configuration names its client, and the form of the routes of the family that uses it.
 */
export interface OAuthUpstream {
  /** The vault's provider key: the id of the integration whose credential source reads the tokens. */
  id: string;
  /** The upstream as the success page names it. */
  title: string;
  /** What to configure when no client is, e.g. `GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET`. */
  configure: string;
  clientIn(config: Config): OAuthClient | undefined;
  /**
   * The provider, its library imported on first use. `at` is the root of a server that speaks the
   * upstream's protocol in its place (the sandbox's fake in demo mode).
   */
  provider(client: OAuthClient, options: { now: () => number; at?: string }): OAuthProvider;
  routes: OAuthRouteForm;
}

/** A system's per-user authorization: its routes under `/oauth/<family>/`, through `upstream`. */
export interface AuthorizationFamily {
  family: string;
  upstream: OAuthUpstream;
}

/** The authorization families of the systems that have one. */
export const authorizationFamiliesOf = (
  manifests: readonly { authorization?: AuthorizationFamily }[],
): AuthorizationFamily[] => manifests.flatMap((manifest) => (manifest.authorization ? [manifest.authorization] : []));
