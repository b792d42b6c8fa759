import { z } from 'zod';
import type { Caller } from '../toolkit/context.js';
import type { AnyIntegration, CredentialSourceId } from './integration.js';

export type Credentials = Record<string, unknown>;

/** One place credentials can come from. The per-user encrypted vault registers itself as `vault`. */
export interface CredentialSource {
  id: CredentialSourceId;
  /** The caller's credentials for the integration from this source, if it has any (it may read a store). */
  read(caller: Caller, integration: AnyIntegration): Promise<Credentials | undefined>;
}

const nonEmpty = (value: unknown): value is Credentials =>
  !!value && typeof value === 'object' && Object.keys(value).length > 0;

/** The JWT's `connections`, under any of the integration's connection keys. */
export const jwtCredentials: CredentialSource = {
  id: 'jwt',
  async read(caller, integration) {
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
  // The same variables answer the same object: the clients' check of credentials is remembered per object,
  // so a local user's calls skip the schema parse and digest their token would otherwise cost every call.
  const lastRead = new Map<string, Credentials>();
  return {
    id: 'env',
    async read(_caller, integration) {
      const out: Credentials = {};
      for (const [field, variable] of Object.entries(integration.env ?? {})) {
        const value = variable ? env[variable] : undefined;
        if (value) out[field] = value;
      }
      if (!nonEmpty(out)) return undefined;
      const last = lastRead.get(integration.id);
      if (last && sameFields(last, out)) return last;
      lastRead.set(integration.id, out);
      return out;
    },
  };
}

const sameFields = (a: Credentials, b: Credentials): boolean =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(b).every(([field, value]) => a[field] === value);

/** The credentials of the first source, in the integration's order, that has any. */
export async function resolveCredentials(
  caller: Caller,
  integration: AnyIntegration,
  sources: ReadonlyMap<CredentialSourceId, CredentialSource>,
): Promise<{ credentials: Credentials; source: CredentialSourceId } | undefined> {
  for (const id of integration.sources) {
    const credentials = await sources.get(id)?.read(caller, integration);
    if (credentials) return { credentials, source: id };
  }
  return undefined;
}

/** The variables of an integration's `env` whose credential field is required (GITHUB_TOKEN, not GITHUB_API_URL). */
function requiredVariables(integration: AnyIntegration): string[] {
  const schema = integration.credentials;
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
  return Object.entries(integration.env ?? {})
    .filter(([field, variable]) => variable && !shape[field]?.safeParse(undefined).success)
    .map(([, variable]) => variable as string);
}

const joinAnd = (items: readonly string[]): string =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '');

/**
 * What a caller lacking these integrations' credentials can do about it, in the terms of where this
 * server takes credentials from: the local user's environment variables (a stdio server acting for
 * one person), a token's connections (a shared server), or the operator's configuration.
 */
export function credentialRemedy(
  missing: readonly AnyIntegration[],
  installed: { has(source: CredentialSourceId): boolean },
): string {
  const fromEnvironment = installed.has('env') ? missing.filter((i) => i.sources.includes('env') && i.env) : [];
  if (fromEnvironment.length)
    return `set ${joinAnd(fromEnvironment.flatMap(requiredVariables))} in the server's environment`;
  const fromToken = missing.filter((i) => i.sources.includes('jwt'));
  if (fromToken.length)
    return `request a token whose connections include ${fromToken.map((i) => `"${i.connectionKeys[0] ?? i.id}"`).join(', ')}`;
  return 'it is not configured on this server';
}
