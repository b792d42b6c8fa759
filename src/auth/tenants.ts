import { z } from 'zod';
import type { Clock } from '../toolkit/context.js';
import { AppError } from '../toolkit/errors.js';
import type { TenantRow, TenantsRepo } from '../store/tenants-repo.js';

export type Tenant = TenantRow;

export const TenantCreate = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9]{3,50}$/, 'id must be 3-50 characters, letters and digits only'),
  consumerId: z.string().min(3, 'consumerId must be 3-100 characters').max(100, 'consumerId must be 3-100 characters'),
  name: z.string().max(100, 'name must be at most 100 characters').optional(),
  description: z.string().max(500, 'description must be at most 500 characters').optional(),
});

export const TenantUpdate = TenantCreate.omit({ id: true })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Give at least one field to change');

export function validationError(error: z.ZodError): AppError {
  const details = error.issues.map((issue) => ({ field: issue.path.join('.') || undefined, message: issue.message }));
  return new AppError(
    'VALIDATION_ERROR',
    details.map((d) => (d.field ? `${d.field}: ${d.message}` : d.message)).join('; '),
    { details },
  );
}

/** Rules of the tenant resource; SQL lives in TenantsRepo. */
export class TenantService {
  constructor(
    private readonly repo: TenantsRepo,
    private readonly clock: Clock,
    /** In-memory state to forget once a tenant's rows are gone (caches, queued work). */
    private readonly onRemoved: (tenantId: string) => void = () => {},
  ) {}

  list(): Tenant[] {
    return this.repo.list();
  }

  get(id: string): Tenant {
    const tenant = this.repo.get(id);
    if (!tenant) throw new AppError('TENANT_NOT_FOUND', `Tenant not found: ${id}`);
    return tenant;
  }

  exists(id: string): boolean {
    return this.repo.epochOf(id) !== undefined;
  }

  /** The tenant's current generation, which its tokens carry; undefined when it does not exist. */
  epochOf(id: string): string | undefined {
    return this.repo.epochOf(id);
  }

  create(input: unknown): Tenant {
    const parsed = TenantCreate.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error);
    const now = new Date(this.clock.now()).toISOString();
    const row: Tenant = {
      id: parsed.data.id,
      consumerId: parsed.data.consumerId,
      name: parsed.data.name ?? null,
      description: parsed.data.description ?? null,
      createdAt: now,
      updatedAt: now,
    };
    if (!this.repo.insert(row)) throw new AppError('TENANT_EXISTS', `Tenant already exists: ${row.id}`);
    return row;
  }

  /** Creates the tenant unless it exists (demo start-up). */
  ensure(input: z.input<typeof TenantCreate>): Tenant {
    return this.repo.get(input.id) ?? this.create(input);
  }

  update(id: string, input: unknown): Tenant {
    const current = this.get(id);
    const parsed = TenantUpdate.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error);
    const next: Tenant = {
      ...current,
      consumerId: parsed.data.consumerId ?? current.consumerId,
      name: parsed.data.name ?? current.name,
      description: parsed.data.description ?? current.description,
      updatedAt: new Date(this.clock.now()).toISOString(),
    };
    this.repo.update(next);
    return next;
  }

  /**
   * Deletes the tenant and every row it owns in one transaction. Its tokens die with it (they carry
   * the old epoch) and writes still in flight for it are refused by the tenant gate.
   */
  remove(id: string): void {
    if (!this.repo.remove(id)) throw new AppError('TENANT_NOT_FOUND', `Tenant not found: ${id}`);
    this.onRemoved(id);
  }
}
