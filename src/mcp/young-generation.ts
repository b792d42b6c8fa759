import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/** The young generation (both semi-spaces) a stdio server lets V8 grow to, in bytes: 8 MiB a semi-space. */
export const STDIO_YOUNG_GENERATION_BYTES = 16 * 2 ** 20;

const youngGenerationBytes = (): number =>
  getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;

/**
 * Stops V8's young generation growing once it has reached `limit`. V8 doubles it up to 32 MiB whenever enough
 * of a call's objects outlive a collection, and a stdio server, which serves one user's calls one after the
 * other, keeps most of that as resident memory it never needs: 16 MiB holds a call's garbage many times
 * over. `--max-semi-space-size` would say so at start, but a host spawns the server with the options it
 * chooses; the growth factor is the setting V8 still reads after start. Returns what stops watching.
 */
export function capYoungGeneration(limit = STDIO_YOUNG_GENERATION_BYTES): () => void {
  const stopGrowing = () => setFlagsFromString('--semi-space-growth-factor=1');
  if (youngGenerationBytes() >= limit) {
    stopGrowing();
    return () => undefined;
  }
  // V8 grows the young generation only after a collection: each is a chance to see it reach the limit.
  const observer = new PerformanceObserver(() => {
    if (youngGenerationBytes() < limit) return;
    stopGrowing();
    observer.disconnect();
  });
  observer.observe({ entryTypes: ['gc'] });
  return () => observer.disconnect();
}
