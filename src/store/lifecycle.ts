import type { StoreBackend } from './backend.js';
import { probeDatabase } from './db.js';

/** Whether the store takes a write (as the SQLite probe does), bounded by `timeoutMs` so a hung database reads as down. */
export async function storeAnswers(backend: StoreBackend, timeoutMs = 2_000): Promise<boolean> {
  if (backend.kind === 'sqlite') return probeDatabase(backend.db);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  const probe = backend.pool
    .query('INSERT INTO health_probe (id, at) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET at = excluded.at', [
      Date.now(),
    ])
    .then(
      () => true,
      () => false,
    );
  try {
    return await Promise.race([probe, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Closes the store's file or pool. */
export async function closeBackend(backend: StoreBackend): Promise<void> {
  if (backend.kind === 'sqlite') backend.db.close();
  else await backend.pool.end();
}
