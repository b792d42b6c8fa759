import type { RouteModule } from '../route-module.js';

/** `GET /analytics/dora` and the analytics cache routes. */
export const analyticsRoutes: RouteModule = () => {
  // Filled in by the analytics module.
};
