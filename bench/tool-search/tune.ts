import { CatalogSearch } from '../../src/mcp/catalog-search.js';
import { WEIGHTS, type Weights } from '../../src/mcp/search/factors.js';
import { buildRegistry } from '../../tools/index.js';
import { GROWN_REQUESTS } from './requests-added.js';
import { split } from './requests.js';

// Fits the search weights to the tuning half of our requests by coordinate search (each weight in turn
// scaled while the score rises), and prints them for `src/mcp/search/factors.ts`. It never reads the
// held-out half. Run: node --import tsx bench/tool-search/tune.ts

const registry = buildRegistry();
const { tuning } = split(GROWN_REQUESTS);

/** Top-1 share plus mean reciprocal rank over the tuning half. */
function fitness(weights: Weights): number {
  const search = new CatalogSearch(registry, registry.tools, weights);
  let top1 = 0;
  let reciprocal = 0;
  for (const request of tuning) {
    const rank = search.search(request.query, { limit: 25 }).findIndex((h) => h.tool.qualifiedName === request.tool);
    if (rank === 0) top1++;
    if (rank >= 0) reciprocal += 1 / (rank + 1);
  }
  return (top1 + reciprocal) / tuning.length;
}

let best = { ...WEIGHTS };
let bestFitness = fitness(best);
process.stdout.write(`start ${bestFitness.toFixed(4)}\n`);
for (let round = 0; round < 3; round++) {
  let improved = false;
  for (const key of Object.keys(best) as Array<keyof Weights>) {
    for (const scale of [0.6, 0.8, 0.9, 1.1, 1.25, 1.5]) {
      const candidate = { ...best, [key]: Math.round(best[key] * scale * 100) / 100 };
      const value = fitness(candidate);
      if (value > bestFitness + 1e-9) {
        best = candidate;
        bestFitness = value;
        improved = true;
        process.stdout.write(`${key} → ${candidate[key]}: ${value.toFixed(4)}\n`);
      }
    }
  }
  if (!improved) break;
}
process.stdout.write(`${JSON.stringify(best, null, 2)}\n`);
