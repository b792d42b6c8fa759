import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/database.js';
import { rankChunks } from '../../src/documents/retrieve.js';
import { DocumentService } from '../../src/documents/service.js';
import { documentStoresOn } from '../../src/documents/stores.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('keyword ranking per tenant', () => {
  it("ranks a tenant's chunks by its own corpus alone: another tenant's documents change neither order nor scores", async () => {
    const service = new DocumentService(documentStoresOn({ kind: 'sqlite', db: openDatabase(':memory:') }));
    const texts = [
      'The launch plan names the payments team and the launch date.',
      'Payments reconciliation runs nightly.',
      'A launch retrospective, with notes on the rollout.',
      'Quarterly budget for the design team.',
    ];
    for (const [i, text] of texts.entries())
      await service.upload('acme', { filename: `a${i}.txt`, bytes: bytes(text) });
    const ranking = async () => {
      const ranked = await rankChunks(service, 'acme', 'launch payments rollout', 'keyword', 10);
      const rows = await service.store.chunks(
        'acme',
        ranked.map((r) => r.id),
      );
      return ranked.map((r) => ({ text: rows.get(r.id)!.text, score: r.score }));
    };
    const before = await ranking();
    expect(before.map((r) => r.text).sort()).toEqual([texts[0], texts[1], texts[2]].sort());

    // Another tenant whose corpus is full of one of the words and lacks the others.
    for (let i = 0; i < 30; i++)
      await service.upload('globex', {
        filename: `g${i}.txt`,
        bytes: bytes(`Payments ledger entry ${i}: payments received, payments sent.`),
      });
    expect(await ranking()).toEqual(before);
    await service.close();
  });
});
