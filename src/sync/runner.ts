import type { Caller, Clock, Logger } from '../toolkit/context.js';
import { isListTool, type ToolDefinition } from '../toolkit/define-tool.js';
import { toAppError } from '../toolkit/errors.js';
import { metered } from '../toolkit/upstream-meter.js';
import { SyncBudget } from './budget.js';
import { userCaller, type SyncCallers } from './callers.js';
import { DIRECTORY_REFRESH_MS, type SyncStep } from './plan.js';
import type { ReaderMark, SyncSettings, SyncStore, SystemSyncStatus } from './store.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Items asked for per page: a list read for its changes takes small pages (some tools fetch details per
 * item), so a re-sync after a few changes stops after its first page. Also the most pages one list is
 * followed for in one run (the first run's bound besides its window).
 */
const PAGE_SIZE = { changes: 10, whole: 100 } as const;
const MAX_PAGES_PER_LIST = 50;

type Item = Record<string, unknown>;

/** Refusals of one item of a fan-out (a channel the app is not in, an unknown person): that item is passed over. */
const PASSED_OVER = new Set(['FORBIDDEN', 'NOT_FOUND', 'UPSTREAM_REJECTED', 'VALIDATION_ERROR']);

/** A system the sync can read: its steps, and the vault provider when it is read per consenting user. */
export interface SyncedSystem {
  id: string;
  steps: readonly SyncStep[];
  perUserProvider?: string;
}

export interface SyncRunnerDeps {
  store: SyncStore;
  /** Runs one tool for a caller, as every surface does (validation, guard, audit, graph ingestion). */
  execute(caller: Caller, tool: ToolDefinition, args: Record<string, unknown>): Promise<Record<string, unknown>>;
  findTool(system: string, name: string): ToolDefinition | undefined;
  systems: readonly SyncedSystem[];
  callers: SyncCallers;
  /** The tenant's current epoch; undefined once it is deleted. */
  epochOf: (tenantId: string) => Promise<string | undefined>;
  clock: Clock;
  log: Logger;
}

/** The sync stops: the tenant is gone, or an upstream's budget is down to the interactive reserve. */
class SyncStopped extends Error {}

const iso = (ms: number) => new Date(ms).toISOString();
/**
 * The time an item's `field` holds (a dotted path for a nested one, e.g. `version.when`): an ISO 8601 timestamp,
 * or epoch milliseconds (Gmail's `internalDate`); NaN without one.
 */
function timeOf(item: Item, field: string): number {
  const value = field.split('.').reduce<unknown>((at, key) => (at as Item | undefined)?.[key], item);
  return typeof value !== 'string' ? Number.NaN : /^\d+$/.test(value) ? Number(value) : Date.parse(value);
}

/**
 * The steps a run takes: directory lists only when due, and a list read for its changes not when a
 * directory read of the same tool runs anyway (it reads those changes too).
 */
function stepsOfRun(steps: readonly SyncStep[], directoryDue: boolean): SyncStep[] {
  if (!directoryDue) return steps.filter((step) => step.mode !== 'directory');
  const wholeLists = new Set(steps.filter((step) => step.mode === 'directory').map((step) => step.tool));
  return steps.filter((step) => step.mode !== 'changes' || !wholeLists.has(step.tool));
}

/** The latest of several readers' watermarks: what a per-user system's status shows. */
function latestOf(marks: readonly ReaderMark[]): ReaderMark {
  const latest = (values: Array<string | null>) =>
    values.reduce<string | null>((max, value) => (value !== null && (max === null || value > max) ? value : max), null);
  return {
    cursor: latest(marks.map((m) => m.cursor)),
    directory_read_at: latest(marks.map((m) => m.directory_read_at)),
  };
}

/**
 * One sync of a tenant: every system in turn, each from its watermark. A system's watermark moves only
 * when its run read everything it meant to, so a crash or a failure re-reads from the old one next time.
 */
export class SyncRunner {
  constructor(private readonly deps: SyncRunnerDeps) {}

  async run(tenantId: string, settings: SyncSettings): Promise<void> {
    const epoch = await this.deps.epochOf(tenantId);
    if (!epoch) return;
    const previous = new Map((await this.deps.store.statuses(tenantId)).map((s) => [s.system, s]));
    const chosen = this.deps.systems.filter((s) => !settings.systems || settings.systems.includes(s.id));
    // This run's items by `system.tool`, for the steps that run once per item of an earlier one.
    const read = new Map<string, Item[]>();
    for (const system of chosen) {
      const carriedOn = await this.syncSystem(tenantId, epoch, system, settings, previous.get(system.id), read);
      if (!carriedOn) return;
    }
  }

  /** False when the tenant is gone. */
  private async syncSystem(
    tenantId: string,
    epoch: string,
    system: SyncedSystem,
    settings: SyncSettings,
    before: SystemSyncStatus | undefined,
    read: Map<string, Item[]>,
  ): Promise<boolean> {
    const startedAt = this.deps.clock.now();
    const windowStart = iso(startedAt - settings.initial_window_days * DAY_MS);
    const runs = (await this.readersOf(tenantId, epoch, system, before)).map((reader) => {
      const readAt = reader.mark.directory_read_at;
      const directoryDue = !readAt || startedAt - Date.parse(readAt) >= DIRECTORY_REFRESH_MS;
      return {
        ...reader,
        since: reader.mark.cursor ?? windowStart,
        directoryDue,
        steps: stepsOfRun(system.steps, directoryDue),
      };
    });
    const status: SystemSyncStatus = {
      system: system.id,
      state: 'running',
      last_started_at: iso(startedAt),
      last_finished_at: before?.last_finished_at ?? null,
      cursor: before?.cursor ?? null,
      directory_read_at: before?.directory_read_at ?? null,
      items_read: 0,
      upstream_requests: 0,
      last_failure: null,
      progress: { steps_done: 0, steps_total: runs.reduce((sum, run) => sum + run.steps.length, 0) },
      ...(system.perUserProvider ? { readers: {} } : {}),
    };
    const save = async () => {
      if (!(await this.deps.store.putStatus(tenantId, status))) throw new SyncStopped('tenant deleted');
    };
    const budget = new SyncBudget();
    const hasChanges = system.steps.some((step) => step.mode === 'changes');
    try {
      await save();
      for (const run of runs) {
        let newest = Number.NaN;
        for (const step of run.steps) {
          const items = await this.readStep(system.id, step, run.caller, run.since, read, budget);
          read.set(`${system.id}.${step.tool}`, items);
          status.items_read += items.length;
          status.upstream_requests = budget.requests;
          for (const item of items)
            if (step.updatedField)
              newest = Math.max(Number.isNaN(newest) ? -Infinity : newest, timeOf(item, step.updatedField));
          status.progress = {
            steps_done: (status.progress?.steps_done ?? 0) + 1,
            steps_total: status.progress?.steps_total ?? 0,
          };
          await save();
        }
        const mark: ReaderMark = {
          cursor: !hasChanges
            ? run.mark.cursor
            : Number.isFinite(newest) && iso(newest) > run.since
              ? iso(newest)
              : run.since,
          directory_read_at: run.directoryDue ? iso(startedAt) : run.mark.directory_read_at,
        };
        if (run.user === undefined) Object.assign(status, mark);
        else status.readers = { ...status.readers, [run.user]: mark };
      }
      if (status.readers) Object.assign(status, latestOf(Object.values(status.readers)));
      status.progress = runs.length === 0 ? { steps_done: 0, steps_total: 0, note: 'no user has consented' } : null;
      status.state = 'idle';
    } catch (error) {
      if (error instanceof SyncStopped && error.message === 'tenant deleted') return false;
      const paused = error instanceof SyncStopped;
      status.state = paused ? 'idle' : 'failed';
      status.last_failure = paused ? null : toAppError(error).message;
      status.progress = paused && status.progress ? { ...status.progress, note: error.message } : null;
      if (!paused) this.deps.log.warn('graph sync failed', { tenantId, system: system.id, error: status.last_failure });
      // Users whose run did not get to its end keep where they were.
      if (status.readers) status.readers = { ...before?.readers, ...status.readers };
    }
    status.upstream_requests = budget.requests;
    status.last_finished_at = iso(this.deps.clock.now());
    return this.deps.store.putStatus(tenantId, status);
  }

  /**
   * Who reads a system, each from their own watermark: the tenant, or each user who consented to a per-user
   * system (one who consents later is read from the window's start, not from where the others are).
   */
  private async readersOf(
    tenantId: string,
    epoch: string,
    system: SyncedSystem,
    before: SystemSyncStatus | undefined,
  ): Promise<Array<{ caller: Caller; user?: string; mark: ReaderMark }>> {
    if (!system.perUserProvider)
      return [
        {
          caller: await this.deps.callers.tenant(tenantId, epoch),
          mark: { cursor: before?.cursor ?? null, directory_read_at: before?.directory_read_at ?? null },
        },
      ];
    const users = await this.deps.callers.consentedUsers(tenantId, system.perUserProvider);
    return users.map((email) => ({
      caller: userCaller(tenantId, epoch, email),
      user: email,
      mark: before?.readers?.[email] ?? { cursor: null, directory_read_at: null },
    }));
  }

  /** Every item a step reads this run: each list followed by its cursor until the watermark or the page bound. */
  private async readStep(
    system: string,
    step: SyncStep,
    caller: Caller,
    since: string,
    read: ReadonlyMap<string, Item[]>,
    budget: SyncBudget,
  ): Promise<Item[]> {
    const tool = this.deps.findTool(system, step.tool);
    if (!tool) throw new Error(`${system} has no tool ${step.tool}`);
    const { each } = step;
    if (!each) return this.readList(tool, step, caller, {}, since, budget);
    const values = new Set((read.get(each.step) ?? []).map((item) => item[each.field]).filter((v) => v != null));
    const items: Item[] = [];
    for (const value of values) {
      try {
        items.push(...(await this.readList(tool, step, caller, { [each.arg]: value }, since, budget)));
      } catch (error) {
        if (error instanceof SyncStopped || !PASSED_OVER.has(toAppError(error).code)) throw error;
      }
    }
    return items;
  }

  private async readList(
    tool: ToolDefinition,
    step: SyncStep,
    caller: Caller,
    variant: Item,
    since: string,
    budget: SyncBudget,
  ): Promise<Item[]> {
    const call = async (args: Item) => {
      const result = await metered(budget, () =>
        this.deps.execute(caller, tool, { ...step.args, ...variant, ...args }),
      );
      const exhausted = budget.exhausted();
      if (exhausted) throw new SyncStopped(exhausted);
      return result;
    };
    if (!isListTool(tool)) return [await call({})];
    const items: Item[] = [];
    const sinceMs = Date.parse(since);
    const field = step.mode === 'changes' ? step.updatedField : undefined;
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES_PER_LIST; page++) {
      const result = await call({ limit: field ? PAGE_SIZE.changes : PAGE_SIZE.whole, ...(cursor ? { cursor } : {}) });
      const pageItems = (result[tool.list.key] ?? []) as Item[];
      items.push(...pageItems);
      if (field && pageItems.some((item) => timeOf(item, field) < sinceMs)) break;
      const pagination = result.pagination as { has_more?: boolean; next_cursor?: string | null } | undefined;
      if (!pagination?.has_more || !pagination.next_cursor) break;
      cursor = pagination.next_cursor;
    }
    return items;
  }
}
