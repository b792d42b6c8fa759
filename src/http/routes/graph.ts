import type { RouteModule } from '../route-module.js';

/** The knowledge-graph routes (`/graph/...`). */
export const graphRoutes: RouteModule = () => {
  // Filled in by the knowledge-graph module.
};
