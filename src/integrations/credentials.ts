import type { Caller } from '../toolkit/context.js';
import type { AnyIntegration, CredentialSourceId } from './integration.js';

export type Credentials = Record<string, unknown>;

/** One place credentials can come from. The per-user encrypted vault registers itself as `vault`. */
export interface CredentialSource {
  id: CredentialSourceId;
  read(caller: Caller, integration: AnyIntegration): Credentials | undefined;
}

const nonEmpty = (value: unknown): value is Credentials =>
  !!value && typeof value === 'object' && Object.keys(value).length > 0;

/** The JWT's `connections`, under any of the integration's connection keys. */
export const jwtCredentials: CredentialSource = {
  id: 'jwt',
  read(caller, integration) {
    for (const key of integration.connectionKeys) {
      const value = caller.connections[key];
      if (nonEmpty(value)) return value;
    }
    return undefined;
  },
};

/**
 * Environment variables of a single local user (stdio in a desktop host): each credential field the
 * integration maps to a variable. Only installed when the server acts for one local user, never for a
 * multi-tenant deployment, where a token's absence must not fall back to the operator's credentials.
 */
export function environmentCredentials(env: NodeJS.ProcessEnv): CredentialSource {
  return {
    id: 'env',
    read(_caller, integration) {
      const out: Credentials = {};
      for (const [field, variable] of Object.entries(integration.env ?? {})) {
        const value = variable ? env[variable] : undefined;
        if (value) out[field] = value;
      }
      return nonEmpty(out) ? out : undefined;
    },
  };
}

/** The credentials of the first source, in the integration's order, that has any. */
export function resolveCredentials(
  caller: Caller,
  integration: AnyIntegration,
  sources: ReadonlyMap<CredentialSourceId, CredentialSource>,
): { credentials: Credentials; source: CredentialSourceId } | undefined {
  for (const id of integration.sources) {
    const credentials = sources.get(id)?.read(caller, integration);
    if (credentials) return { credentials, source: id };
  }
  return undefined;
}
