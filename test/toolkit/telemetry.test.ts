import { describe, expect, it } from 'vitest';
import { Telemetry } from '../../src/telemetry.js';

describe('telemetry', () => {
  it('records what was counted before its metrics were first read', async () => {
    const telemetry = new Telemetry('node-a');
    telemetry.countBackgroundJob('graph_sweep', 'ran');
    telemetry.countBackgroundJob('graph_sweep', 'ran');
    telemetry.countIngestionError('code_host');
    telemetry.observeHttp({ method: 'GET', route: '/health', status: '200' }, 0.002);

    const text = await (await telemetry.metrics()).registry.metrics();
    expect(text).toMatch(/background_jobs_total\{job="graph_sweep",outcome="ran",node="node-a"\} 2/);
    expect(text).toMatch(/graph_ingestion_errors_total\{system="code_host",node="node-a"\} 1/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/health",status="200",node="node-a"\} 1/);
  });

  it('records at once what is counted once its metrics are loaded', async () => {
    const telemetry = new Telemetry('node-b');
    const metrics = await telemetry.metrics();
    telemetry.countIngestionError('notes');
    expect((await metrics.ingestionErrors.get()).values).toEqual([
      expect.objectContaining({ labels: { system: 'notes' }, value: 1 }),
    ]);
  });

  it('records every count when more wait than it keeps before loading', async () => {
    const telemetry = new Telemetry('node-c');
    for (let i = 0; i < 1000; i++) telemetry.countIngestionError('chat');
    const metrics = await telemetry.metrics();
    expect((await metrics.ingestionErrors.get()).values[0]?.value).toBe(1000);
  });
});
