import type { Counter, Histogram, Registry as MetricsRegistry } from 'prom-client';
import type { ExecutionEvent } from './toolkit/executor.js';

type PromClient = typeof import('prom-client');

/**
 * Prometheus metrics of one app (own registry, so several apps in one process never collide), each
 * labelled with the node that counted it: `/metrics` is per node, and a fleet's are summed by label.
 */
export class Metrics {
  readonly registry: MetricsRegistry;
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly httpTotal: Counter<'method' | 'route' | 'status'>;
  readonly toolDuration: Histogram<'system' | 'tool' | 'success'>;
  readonly toolTotal: Counter<'system' | 'tool' | 'success' | 'error_code'>;
  readonly ingestionErrors: Counter<'system'>;
  readonly backgroundJobs: Counter<'job' | 'outcome'>;

  constructor(client: PromClient, nodeId: string) {
    const { Counter, Histogram, Registry, collectDefaultMetrics } = client;
    this.registry = new Registry();
    this.registry.setDefaultLabels({ node: nodeId });
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Duration of HTTP requests in seconds',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.httpTotal = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    });
    this.toolDuration = new Histogram({
      name: 'tool_execution_duration_seconds',
      help: 'Duration of tool executions in seconds',
      labelNames: ['system', 'tool', 'success'],
      buckets: [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [this.registry],
    });
    this.toolTotal = new Counter({
      name: 'tool_executions_total',
      help: 'Tool executions',
      labelNames: ['system', 'tool', 'success', 'error_code'],
      registers: [this.registry],
    });
    this.ingestionErrors = new Counter({
      name: 'graph_ingestion_errors_total',
      help: 'Tool results the knowledge graph failed to ingest',
      labelNames: ['system'],
      registers: [this.registry],
    });
    this.backgroundJobs = new Counter({
      name: 'background_jobs_total',
      help: 'Turns of background jobs on this node: ran, failed, skipped (another node runs the job) or deferred (no lock slot free on this node)',
      labelNames: ['job', 'outcome'],
      registers: [this.registry],
    });
  }
}

/** The labels of one call's duration and count (prom-client keeps the first object of each set: never changed). */
interface ExecutionLabels {
  duration: Readonly<{ system: string; tool: string; success: string }>;
  total: Readonly<{ system: string; tool: string; success: string; error_code: string }>;
}

function executionLabels(tool: ExecutionEvent['tool'], success: string, errorCode: string): ExecutionLabels {
  const duration = { system: tool.system, tool: tool.name, success };
  return { duration, total: { ...duration, error_code: errorCode } };
}

/** Counts kept while prom-client is not loaded; one more loads it (and records them). */
const WAITING_BOUND = 256;

/**
 * What the app counts, with prom-client (and the OpenTelemetry API it loads) loaded when the metrics are
 * first read (`/metrics`) or once WAITING_BOUND counts wait: its modules cost a start ~20 ms, and a stdio
 * server, which has no `/metrics`, counts its background jobs' first turns before its first answer.
 * Nothing counted is lost: what waited is recorded when prom-client is loaded.
 */
export class Telemetry {
  private loaded?: Metrics;
  private loading?: Promise<Metrics>;
  private readonly waiting: Array<(metrics: Metrics) => void> = [];

  constructor(private readonly nodeId: string) {}

  /** The metrics, with everything counted so far. */
  metrics(): Promise<Metrics> {
    this.loading ??= import('prom-client').then((client) => {
      const metrics = new Metrics(client, this.nodeId);
      this.loaded = metrics;
      for (const record of this.waiting.splice(0)) record(metrics);
      return metrics;
    });
    return this.loading;
  }

  observeHttp(labels: { method: string; route: string; status: string }, seconds: number): void {
    this.record((metrics) => {
      metrics.httpDuration.observe(labels, seconds);
      metrics.httpTotal.inc(labels);
    });
  }

  readonly observeExecution = (event: ExecutionEvent): void => {
    const labels = this.labelsOf(event);
    const seconds = event.durationMs / 1000;
    this.record((metrics) => {
      metrics.toolDuration.observe(labels.duration, seconds);
      metrics.toolTotal.inc(labels.total);
    });
  };

  /** A successful call's labels are the same for every call of its tool: made once per tool. */
  private readonly succeeded = new WeakMap<ExecutionEvent['tool'], ExecutionLabels>();

  private labelsOf(event: ExecutionEvent): ExecutionLabels {
    if (!event.success) return executionLabels(event.tool, 'false', event.error?.code ?? '');
    let labels = this.succeeded.get(event.tool);
    if (!labels) this.succeeded.set(event.tool, (labels = executionLabels(event.tool, 'true', '')));
    return labels;
  }

  countIngestionError(system: string): void {
    this.record((metrics) => metrics.ingestionErrors.inc({ system }));
  }

  countBackgroundJob(job: string, outcome: string): void {
    this.record((metrics) => metrics.backgroundJobs.inc({ job, outcome }));
  }

  private record(write: (metrics: Metrics) => void): void {
    if (this.loaded) return write(this.loaded);
    this.waiting.push(write);
    // A failed load is said by the next metrics() (the /metrics route); counting never throws.
    if (this.waiting.length > WAITING_BOUND) this.metrics().catch(() => undefined);
  }
}
