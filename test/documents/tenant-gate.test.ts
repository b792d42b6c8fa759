import { afterAll, describe, expect, it } from 'vitest';
import { installationDocumentStores } from '../../src/documents/stores.js';
import { LocalHashEmbedder } from '../../src/documents/embed/local.js';
import { DocumentService } from '../../src/documents/service.js';
import { testApp } from '../helpers/server.js';
import { storeCount } from '../helpers/store-sql.js';

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

// On the lane's backend: the services are built over the installation's document stores, gated as the app's.
const app = await testApp();
afterAll(() => app.close());

describe('an upload that outlives its tenant', () => {
  it('stores nothing when the tenant is deleted while the upload is in flight', async () => {
    await app.tenants.ensure({ id: 'shortlived', consumerId: 'shortlived-consumer' });
    const embedder = new HeldEmbedder();
    const service = new DocumentService(installationDocumentStores(app.store), embedder, () => new Date());
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
      expect(await storeCount(app.store, table, 'tenant_id = ?', ['shortlived']), table).toBe(0);
  });

  it('stores nothing for a tenant recreated under the same id while the upload ran (its token names the old generation)', async () => {
    await app.tenants.ensure({ id: 'reborn', consumerId: 'reborn-consumer' });
    const epoch = await app.tenants.epochOf('reborn');
    const embedder = new HeldEmbedder();
    const service = new DocumentService(installationDocumentStores(app.store), embedder, () => new Date());
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
