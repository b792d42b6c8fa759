import { afterAll, describe, expect, it } from 'vitest';
import { documentStoresOn } from '../../src/documents/stores.js';
import { LocalHashEmbedder } from '../../src/documents/embed/local.js';
import { DocumentService } from '../../src/documents/service.js';
import { tenantGate } from '../../src/store/tenant-gate.js';
import { testApp } from '../helpers/server.js';

/** An embedder that holds each batch until the test lets it go: an upload caught in flight (embedded on this thread, as a remote provider is). */
class HeldEmbedder extends LocalHashEmbedder {
  override readonly workerRecipe = undefined;
  release: () => void = () => undefined;
  private onStart: () => void = () => undefined;
  readonly started = new Promise<void>((resolve) => (this.onStart = resolve));

  override async embedDocuments(texts: readonly string[]): Promise<Float32Array[]> {
    this.onStart();
    await new Promise<void>((resolve) => (this.release = resolve));
    return super.embedDocuments(texts);
  }
}

// On SQLite in either lane: the services are built by hand over the SQLite handle (PostgreSQL's gate is
// covered by the documents' contract suite).
const app = await testApp({ CONSTELLATION_DATABASE_URL: '', CONSTELLATION_ENCRYPTION_KEY: '' });
afterAll(() => app.close());

describe('an upload that outlives its tenant', () => {
  it('stores nothing when the tenant is deleted while the upload is in flight', async () => {
    await app.tenants.ensure({ id: 'shortlived', consumerId: 'shortlived-consumer' });
    const embedder = new HeldEmbedder();
    const service = new DocumentService(
      documentStoresOn({ kind: 'sqlite', db: app.db }, tenantGate(app.db)),
      embedder,
      () => new Date(),
    );
    const upload = service.upload('shortlived', {
      filename: 'plan.txt',
      bytes: new TextEncoder().encode('The launch plan for the payments team.'),
    });
    await embedder.started;
    await app.tenants.remove('shortlived');
    expect(await app.tenants.exists('shortlived')).toBe(false);
    embedder.release();
    await expect(upload).rejects.toMatchObject({ code: 'TENANT_NOT_FOUND', message: 'Tenant not found: shortlived' });
    for (const table of ['documents', 'document_chunks'])
      expect(app.db.prepare(`SELECT count(*) FROM ${table} WHERE tenant_id = ?`).pluck().get('shortlived'), table).toBe(
        0,
      );
  });

  it('stores nothing for a tenant recreated under the same id while the upload ran (its token names the old generation)', async () => {
    await app.tenants.ensure({ id: 'reborn', consumerId: 'reborn-consumer' });
    const epoch = await app.tenants.epochOf('reborn');
    const embedder = new HeldEmbedder();
    const service = new DocumentService(
      documentStoresOn({ kind: 'sqlite', db: app.db }, tenantGate(app.db)),
      embedder,
      () => new Date(),
    );
    const upload = service.upload('reborn', {
      filename: 'plan.txt',
      bytes: new TextEncoder().encode('The launch plan.'),
      tenantEpoch: epoch,
    });
    await embedder.started;
    await app.tenants.remove('reborn');
    await app.tenants.ensure({ id: 'reborn', consumerId: 'reborn-consumer' });
    embedder.release();
    await expect(upload).rejects.toMatchObject({ code: 'TENANT_NOT_FOUND' });
    expect((await service.list('reborn', 10, 0)).total).toBe(0);
  });
});
