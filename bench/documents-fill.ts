import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DEFAULT_DOCUMENT_LIMITS } from '../src/config/documents.js';
import { openDatabase, upgradeDatabase } from '../src/database.js';
import { EntityLinker } from '../src/documents/entities.js';
import { WRITE_BATCH, writePending } from '../src/documents/pending-write.js';
import { prepareDocument } from '../src/documents/prepare.js';
import { DocumentService } from '../src/documents/service.js';
import { documentStoresOn } from '../src/documents/stores.js';
import type { Db } from '../src/store/db.js';

/** A latency corpus as the fill reads it: a name and parameters that say which texts it makes, and its texts. */
export interface FillCorpus {
  /** Names the corpus and every parameter its texts depend on: the cache is keyed by it. */
  key: string;
  text(doc: number): string;
  chunkSize?: number;
}

/** Documents written per transaction while filling: one commit per document cost most of a fill. */
const DOCUMENTS_PER_TRANSACTION = 500;
/** Bumped when the fill writes differently, so stores cached by an older fill are not read. */
const FILL_VERSION = 1;
const CACHE = join(tmpdir(), 'constellation-bench-documents');

/** A filled store's image (`Database.serialize()`) and the chunks it holds. */
export interface StoreImage {
  chunks: number;
  image: Buffer;
}

/**
 * The corpus's tenant `lat` filled to each target (chunks, ascending) on SQLite, as uploads at default
 * settings would fill it: each text prepared by the upload workers' own code (parse, chunk, embed with the
 * local embedder, count terms), then written by the upload's write path (pending row, chunk batches,
 * publish), no entities linked. Many documents share one transaction and no worker is involved: 100,000
 * chunks take minutes, not the better part of an hour through uploads. Each image is kept under the
 * temporary folder, keyed by the corpus, the target and the fill's version, and read from there by later
 * runs, which bring it to the schema of their code (`openImage`): a migration does not refill 100,000 chunks.
 */
export async function filledStores(corpus: FillCorpus, targets: readonly number[]): Promise<StoreImage[]> {
  const fileOf = (target: number) =>
    join(
      CACHE,
      `${createHash('sha256').update(`${FILL_VERSION}|${corpus.key}|${target}`).digest('hex').slice(0, 16)}.sqlite`,
    );
  if (targets.every((t) => existsSync(fileOf(t))))
    return targets.map((t) => {
      const image = readFileSync(fileOf(t));
      return { chunks: chunksIn(image), image };
    });
  mkdirSync(CACHE, { recursive: true });
  const db = openDatabase(':memory:');
  const stores = documentStoresOn({ kind: 'sqlite', db });
  const service = new DocumentService(stores);
  const linker = new EntityLinker(stores.graph);
  const { space } = await service.space();
  const out: StoreImage[] = [];
  let chunks = 0;
  let doc = 0;
  try {
    for (const target of targets) {
      while (chunks < target) {
        db.exec('BEGIN');
        for (let i = 0; i < DOCUMENTS_PER_TRANSACTION && chunks < target; i++, doc++) {
          const bytes = new TextEncoder().encode(corpus.text(doc));
          const { result: prepared } = await prepareDocument({
            bytes,
            type: 'txt',
            strategy: 'recursive',
            chunkSize: corpus.chunkSize,
            maxChunks: DEFAULT_DOCUMENT_LIMITS.maxChunks,
            pdfLimits: DEFAULT_DOCUMENT_LIMITS.pdf,
            batchSize: WRITE_BATCH,
            embedder: service.embedder.workerRecipe,
          });
          const { vectors, dimension } = prepared;
          await writePending(service.store, linker, {
            doc: {
              tenantId: 'lat',
              documentId: `fill-${doc}`,
              filename: `d${doc}.txt`,
              fileType: 'txt',
              fileSize: bytes.length,
              tags: [],
              chunkingStrategy: 'recursive',
              chunkSize: prepared.chunkSize,
              space,
              createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, doc)).toISOString(),
            },
            prepared,
            vectorOf: (c) => vectors!.subarray(c * dimension, (c + 1) * dimension),
            linkEntities: false,
            admit: () => undefined,
          });
          chunks += prepared.count;
        }
        db.exec('COMMIT');
      }
      const image = db.serialize();
      // Written whole under another name first: a run stopped mid-write leaves no half image to be read.
      writeFileSync(`${fileOf(target)}.part`, image);
      renameSync(`${fileOf(target)}.part`, fileOf(target));
      out.push({ chunks, image });
    }
  } finally {
    if (db.inTransaction) db.exec('ROLLBACK');
    await service.close();
    db.close();
  }
  return out;
}

/** A store opened from an image, in memory, migrated to this code's schema, with the extensions its reads need. */
export function openImage(image: Buffer): Db {
  const db = new Database(image);
  // A deserialized store reads its pages through SQLite's page cache (2 MB by default), copying them on every
  // miss, where a store created in memory has every page in its cache: sized to hold them all, it reads as one.
  db.pragma(`cache_size = -${Math.ceil(image.length / 1024) + 1024}`);
  upgradeDatabase(db);
  return db;
}

function chunksIn(image: Buffer): number {
  const db = new Database(image, { readonly: true });
  try {
    return (db.prepare("SELECT count(*) AS n FROM document_chunks WHERE tenant_id = 'lat'").get() as { n: number }).n;
  } finally {
    db.close();
  }
}
