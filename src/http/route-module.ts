import type { Router } from 'express';
import type { App } from '../app.js';

/** One group of REST routes. `src/http/routes/index.ts` lists every group in mounting order. */
export type RouteModule = (router: Router, app: App) => void;
