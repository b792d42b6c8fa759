import type { Caller, Logger } from '../../toolkit/context.js';
import type { ExecutionEvent } from '../../toolkit/executor.js';
import type { DeferredWrites } from '../../toolkit/write-behind.js';
import type { ActivityInput, GraphService } from '../service/graph-service.js';
import type { Viewer } from './extractor.js';
import { extract, type Extractor } from './index.js';
import { RepeatedResults, watchedViewer, type ResultToWrite } from './repeated-results.js';

export interface PipelineHooks {
  log: Logger;
  /** Counts a result that failed to ingest. */
  onError(system: string): void;
  /**
   * Whether an address is in the caller's organisation; without it no result is read as a user's own (their
   * mail's correspondents are not written).
   */
  organizationOf?(caller: Caller): Promise<Viewer['inOrganization']>;
  /**
   * A version of the graph that moves whenever an entity may have changed (see `watchSqliteGraph`): with it, a
   * result found already written is not written again while the version stands.
   */
  graphVersion?: () => string;
}

/** A tool result waiting to be ingested. */
export interface QueuedResult extends Omit<ResultToWrite, 'viewerEmail'> {
  /** The call's caller: what a per-user system's result writes is private to its user. */
  caller?: Caller;
}

interface PendingActivity {
  tenantId: string;
  epoch?: string;
  system: string;
  input: ActivityInput;
}

/**
 * Turns tool executions into graph data. Activity records and results are queued and written on the next
 * turn of the event loop (in the server, together with the audit log's: `WriteBehind`), so the tool call
 * never waits for them and an ingestion failure never reaches the caller. Activity records are written in
 * call order, every record queued by then in one write (one statement on PostgreSQL); reads of the activity
 * in this process write what is queued first. Results are ingested one transaction (or savepoint) each.
 */
export class IngestionPipeline implements DeferredWrites {
  private queue: QueuedResult[] = [];
  private scheduled: NodeJS.Immediate | undefined;
  /** Asks for `writeQueued` after this turn (by default on its own). */
  private schedule = (): void => {
    this.scheduled ??= setImmediate(() => void this.writeQueued());
  };
  /** The writes of every flush so far, one after the other. */
  private writing: Promise<void> = Promise.resolve();
  /** Activity records observed and not yet taken by a write. */
  private activity: PendingActivity[] = [];
  /**
   * The writes of activity records so far, one after the other: in call order on a backend with several
   * connections too, and awaited by the activity reads of this process (`recorded`).
   */
  private recording: Promise<void> = Promise.resolve();
  /** Results found already written, while the graph stands (none remembered without a graph version). */
  private readonly repeats: RepeatedResults | undefined;

  constructor(
    private readonly graph: GraphService,
    private readonly extractors: Readonly<Record<string, Extractor>>,
    private readonly hooks: PipelineHooks,
  ) {
    this.repeats = hooks.graphVersion && new RepeatedResults(hooks.graphVersion);
  }

  /** Executor observer: the activity record of every execution. */
  readonly recordActivity = (event: ExecutionEvent): void => {
    this.activity.push({
      tenantId: event.caller.tenantId,
      epoch: event.caller.tenantEpoch,
      system: event.tool.system,
      input: {
        action: `mcp.${event.tool.name}`,
        // Stamped now: the write may run after later calls have moved the clock on.
        at: this.graph.clock.now(),
        actorType: 'user',
        actorId: event.caller.userEmail ?? 'anonymous',
        targetType: event.target.type,
        targetId: event.target.id,
        properties: {
          system: event.tool.system,
          tool: event.tool.name,
          success: event.success,
          duration_ms: Math.round(event.durationMs * 100) / 100,
          ...(event.error ? { error_code: event.error.code } : {}),
        },
      },
    });
    // After the caller's answer is on its way (a write is a transaction the answer need not wait for).
    this.schedule();
  };

  /** Resolves once every activity record of an execution observed so far is written (or has failed). */
  recorded(): Promise<void> {
    if (this.activity.length > 0) this.recording = this.recording.then(() => this.writeActivity());
    return this.recording;
  }

  writeWhen(schedule: () => void): void {
    this.schedule = schedule;
  }

  writesLost(): void {
    this.repeats?.forget();
  }

  /** Writes the activity records and ingests the results queued so far. */
  async writeQueued(): Promise<void> {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    await Promise.all([this.recorded(), this.queue.length === 0 ? this.writing : this.flush()]);
  }

  private async writeActivity(): Promise<void> {
    const records = this.activity;
    this.activity = [];
    if (records.length === 0) return;
    try {
      await this.graph.recordActivities(records);
    } catch (error) {
      for (const record of records) this.fail(record.system, 'activity record failed', error);
    }
  }

  /** Executor observer: queues a successful result of a system that has an extractor. */
  readonly queueResult = (event: ExecutionEvent): void => {
    if (!event.success || !event.result || !(event.tool.system in this.extractors)) return;
    this.enqueue({
      tenantId: event.caller.tenantId,
      epoch: event.caller.tenantEpoch,
      system: event.tool.system,
      tool: event.tool.name,
      args: event.args,
      result: event.result,
      caller: event.caller,
    });
  };

  /** Queues a result for the next write (as `queueResult` does an execution's). */
  enqueue(item: QueuedResult): void {
    this.queue.push(item);
    this.schedule();
  }

  /** Ingests everything queued now, after what earlier flushes write; resolves once it is written. */
  flush(): Promise<void> {
    const pending = this.queue;
    this.queue = [];
    this.writing = this.writing.then(async () => {
      for (const item of pending) await this.ingest(item);
    });
    return this.writing;
  }

  /** Drops the queued results of a deleted tenant (the write gate would refuse them anyway). */
  dropTenant(tenantId: string): void {
    this.queue = this.queue.filter((item) => item.tenantId !== tenantId);
  }

  /** Resolves once every result queued so far is ingested. */
  drain(): Promise<void> {
    return this.writeQueued();
  }

  /**
   * Extracts and writes one result (one transaction); returns the entities written. A result found already
   * written, with the graph unchanged since, is neither extracted nor written again.
   */
  async ingest(item: QueuedResult): Promise<number> {
    try {
      const repeats = this.repeats;
      const fingerprint = repeats?.fingerprintOf({ ...item, viewerEmail: item.caller?.userEmail });
      const known = fingerprint === undefined ? undefined : repeats?.written(item.tenantId, fingerprint);
      if (known !== undefined) return known;
      const { viewer, asked } = watchedViewer(await this.viewerOf(item.caller));
      const { tool, args, result } = item;
      const batch = extract(this.extractors, item.system, { tool, args, result, viewer });
      const before = repeats?.version();
      const written = await this.graph.ingest(item.tenantId, batch, item.system, item.epoch);
      if (repeats && fingerprint !== undefined && before !== undefined && !written.refused && !asked())
        repeats.remember(item.tenantId, fingerprint, before, written.nodes);
      return written.nodes;
    } catch (error) {
      this.fail(item.system, `ingestion of ${item.system}.${item.tool} failed`, error);
      return 0;
    }
  }

  private async viewerOf(caller: Caller | undefined): Promise<Viewer | undefined> {
    if (!caller?.userEmail || !this.hooks.organizationOf) return undefined;
    return { email: caller.userEmail, inOrganization: await this.hooks.organizationOf(caller) };
  }

  private fail(system: string, message: string, error: unknown): void {
    this.hooks.onError(system);
    this.hooks.log.warn(`graph: ${message}`, { system, error: error instanceof Error ? error.message : String(error) });
  }
}
