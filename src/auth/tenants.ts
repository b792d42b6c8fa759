import { z } from 'zod';
import type { Clock } from '../toolkit/context.js';
import { AppError } from '../toolkit/errors.js';
import type { TenantRow, TenantState, TenantStore } from '../store/tenant-store.js';

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

/** What happens around a tenant's deletion, besides its row. */
export interface TenantRemoval {
  /** Deletes every row the tenant owns in every storage area (see tenant-purge.ts). */
  purge(tenantId: string): Promise<void>;
  /** In-memory state to forget once a tenant's rows are gone (caches, queued work). */
  onRemoved(tenantId: string): void;
}

const NOTHING_TO_REMOVE: TenantRemoval = { purge: async () => undefined, onRemoved: () => undefined };

/** Rules of the tenant resource; SQL lives in the TenantStore. */
export class TenantService {
  constructor(
    private readonly store: TenantStore,
    private readonly clock: Clock,
    private readonly removal: TenantRemoval = NOTHING_TO_REMOVE,
  ) {}

  /** Per tenant id, the creation or deletion running now: the next one waits for it (see `remove`). */
  private readonly changing = new Map<string, Promise<unknown>>();

  /** Runs `change` once the tenant's previous creation or deletion in this process has finished. */
  private inTurn<T>(id: string, change: () => Promise<T>): Promise<T> {
    const turn = (this.changing.get(id) ?? Promise.resolve()).then(change, change);
    const settled = turn.catch(() => undefined);
    this.changing.set(id, settled);
    void settled.then(() => {
      if (this.changing.get(id) === settled) this.changing.delete(id);
    });
    return turn;
  }

  list(): Promise<Tenant[]> {
    return this.store.list();
  }

  async get(id: string): Promise<Tenant> {
    const tenant = await this.store.get(id);
    if (!tenant) throw new AppError('TENANT_NOT_FOUND', `Tenant not found: ${id}`);
    return tenant;
  }

  /** The tenant, or undefined when it does not exist (one read). */
  find(id: string): Promise<Tenant | undefined> {
    return this.store.get(id);
  }

  async exists(id: string): Promise<boolean> {
    return (await this.store.epochOf(id)) !== undefined;
  }

  /** The tenant's current generation, which its tokens carry; undefined when it does not exist. */
  epochOf(id: string): Promise<string | undefined> {
    return this.store.epochOf(id);
  }

  /** The tenant's epoch and cache generation, read together (every request does); undefined when it does not exist. */
  stateOf(id: string): Promise<TenantState | undefined> {
    return this.store.stateOf(id);
  }

  /** Starts a new cache generation of the tenant: every process's cached reads of it miss from now on. */
  bumpCacheGeneration(id: string): Promise<void> {
    return this.store.bumpCacheGeneration(id);
  }

  async create(input: unknown): Promise<Tenant> {
    const row = this.rowOf(input);
    const inserted = await this.inTurn(row.id, () => this.store.insert(row));
    if (!inserted) throw new AppError('TENANT_EXISTS', `Tenant already exists: ${row.id}`);
    return row;
  }

  /** Creates the tenant unless it exists (demo start-up); servers ensuring the same tenant at once agree. */
  async ensure(input: z.input<typeof TenantCreate>): Promise<Tenant> {
    const row = this.rowOf(input);
    if (await this.inTurn(row.id, () => this.store.insert(row))) return row;
    return this.get(row.id);
  }

  async update(id: string, input: unknown): Promise<Tenant> {
    const current = await this.get(id);
    const parsed = TenantUpdate.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error);
    const next: Tenant = {
      ...current,
      consumerId: parsed.data.consumerId ?? current.consumerId,
      name: parsed.data.name ?? current.name,
      description: parsed.data.description ?? current.description,
      updatedAt: new Date(this.clock.now()).toISOString(),
    };
    if (!(await this.store.update(next))) throw new AppError('TENANT_NOT_FOUND', `Tenant not found: ${id}`);
    return next;
  }

  /**
   * Deletes the tenant, then every row it owns. Its tokens die with its row (they carry the old epoch),
   * and from then on the tenant gate refuses writes still in flight for it, so none lands behind the
   * purge. A creation of the same id in this process waits for the purge, which would otherwise empty
   * the new tenant too.
   */
  remove(id: string): Promise<void> {
    return this.inTurn(id, async () => {
      if (!(await this.store.remove(id))) throw new AppError('TENANT_NOT_FOUND', `Tenant not found: ${id}`);
      await this.removal.purge(id);
      this.removal.onRemoved(id);
    });
  }

  private rowOf(input: unknown): Tenant {
    const parsed = TenantCreate.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error);
    const now = new Date(this.clock.now()).toISOString();
    return {
      id: parsed.data.id,
      consumerId: parsed.data.consumerId,
      name: parsed.data.name ?? null,
      description: parsed.data.description ?? null,
      createdAt: now,
      updatedAt: now,
    };
  }
}
