import { z } from 'zod';
import type { AnyIntegration } from '../integrations/integration.js';
import { AppError } from '../toolkit/errors.js';

/**
 * Checks a token request's `connections` against the integrations that read their credentials from a
 * token, each credential by its integration's own schema: a wrong key or an incomplete credential is
 * refused when the token is issued, not at the token's first call.
 */
export function checkTokenConnections(
  connections: Readonly<Record<string, Record<string, unknown>>>,
  integrations: readonly AnyIntegration[],
): void {
  const fromToken = new Map(
    integrations
      .filter((i) => i.sources.includes('jwt'))
      .flatMap((i) => i.connectionKeys.map((key) => [key, i] as const)),
  );
  for (const [key, credentials] of Object.entries(connections)) {
    const integration = fromToken.get(key);
    if (!integration) throw unknownKey(key, fromToken, integrations);
    const parsed = integration.credentials.safeParse(credentials);
    if (parsed.success) continue;
    const details = parsed.error.issues.map((issue) => ({
      field: ['connections', key, ...issue.path.map(String)].join('.'),
      message: issue.message,
    }));
    const fields = fieldsOf(integration.credentials);
    throw new AppError(
      'VALIDATION_ERROR',
      `connections.${key} is not a valid ${integration.title} credential: ${details.map((d) => `${d.field}: ${d.message}`).join('; ')}${fields ? ` (fields: ${fields})` : ''}`,
      { details },
    );
  }
}

function unknownKey(
  key: string,
  fromToken: ReadonlyMap<string, AnyIntegration>,
  integrations: readonly AnyIntegration[],
): AppError {
  const valid = [...fromToken.keys()];
  const perUser = integrations.find((i) => i.connectionKeys.includes(key));
  // People write the product's name (`github`) where the spec wants its integration id (`code_host`).
  const named = [...fromToken].find(([, i]) => i.title.toLowerCase() === key.toLowerCase());
  const why = perUser
    ? `"${key}" takes no credentials from a token (each user authorizes ${perUser.title} themselves)`
    : `"${key}" is not an integration id${named ? `; ${named[1].title}'s is "${named[0]}"` : ''}`;
  return new AppError('VALIDATION_ERROR', `connections: ${why}. Valid keys: ${valid.join(', ')}`, {
    details: [{ field: `connections.${key}`, message: why, valid_keys: valid }],
  });
}

/** The credential's fields as the README writes them (`token, baseUrl?`), when its schema is an object. */
function fieldsOf(schema: z.ZodType): string | undefined {
  if (!(schema instanceof z.ZodObject)) return undefined;
  return Object.entries(schema.shape as Record<string, z.ZodType>)
    .map(([name, field]) => (field.safeParse(undefined).success ? `${name}?` : name))
    .join(', ');
}
