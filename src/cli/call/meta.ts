/** Lookups in the method meta record of `GET /v1/meta` (its types live with the server's, in one module). */
import type { Meta, MetaMethod, MetaService } from '../../catalog/method-meta.js';
export type { Meta, MetaMethod, MetaParam, MetaService, MetaType } from '../../catalog/method-meta.js';

/** A usage mistake (unknown name, bad or missing value): exit code 2, reported before any request. */
export class UsageError extends Error {
  /** `lookup`: a name the meta does not know (a fresher meta may); `value`: a bad or missing value. */
  constructor(
    message: string,
    readonly kind: 'lookup' | 'value' = 'value',
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A light shape check, enough to trust a cached or fetched meta. */
export function isMeta(value: unknown): value is Meta {
  if (!isObject(value) || !Array.isArray(value.services)) return false;
  return value.services.every(
    (service) =>
      isObject(service) &&
      typeof service.name === 'string' &&
      Array.isArray(service.methods) &&
      service.methods.every(
        (m) => isObject(m) && typeof m.name === 'string' && typeof m.path === 'string' && Array.isArray(m.params),
      ),
  );
}

/** snake_case and kebab-case spell the same name. */
export const normalizeName = (name: string): string => name.trim().replace(/-/g, '_');
export const kebab = (name: string): string => name.replace(/_/g, '-');

export function findService(meta: Meta, name: string): MetaService {
  const service = meta.services.find((s) => normalizeName(s.name) === normalizeName(name));
  if (!service)
    throw new UsageError(
      `unknown service "${name}"; services: ${meta.services.map((s) => s.name).join(', ')}`,
      'lookup',
    );
  return service;
}

export function findMethod(
  meta: Meta,
  serviceName: string,
  methodName: string,
): { service: MetaService; method: MetaMethod } {
  const service = findService(meta, serviceName);
  const wanted = normalizeName(methodName);
  const method = service.methods.find((m) =>
    [m.name, ...(m.aliases ?? [])].some((name) => normalizeName(name) === wanted),
  );
  if (!method) {
    throw new UsageError(
      `unknown method "${methodName}" of ${service.name}; run "constellation call ${service.name}" for its methods`,
      'lookup',
    );
  }
  return { service, method };
}
