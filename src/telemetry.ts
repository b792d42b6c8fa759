import { Counter, Histogram, Registry as MetricsRegistry, collectDefaultMetrics } from 'prom-client';
import type { ExecutionEvent } from './toolkit/executor.js';

/**
 * Prometheus metrics of one app (own registry, so several apps in one process never collide), each
 * labelled with the node that counted it: `/metrics` is per node, and a fleet's are summed by label.
 */
export class Telemetry {
  readonly registry = new MetricsRegistry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly httpTotal: Counter<'method' | 'route' | 'status'>;
  readonly toolDuration: Histogram<'system' | 'tool' | 'success'>;
  readonly toolTotal: Counter<'system' | 'tool' | 'success' | 'error_code'>;
  readonly ingestionErrors: Counter<'system'>;
  readonly backgroundJobs: Counter<'job' | 'outcome'>;

  constructor(nodeId: string) {
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

  readonly observeExecution = (event: ExecutionEvent): void => {
    const labels = { system: event.tool.system, tool: event.tool.name, success: String(event.success) };
    this.toolDuration.observe(labels, event.durationMs / 1000);
    this.toolTotal.inc({ ...labels, error_code: event.error?.code ?? '' });
  };
}
