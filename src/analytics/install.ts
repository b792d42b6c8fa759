import type { App } from '../app.js';

/** Wires the analytics cache into the app. */
export function installAnalytics(_app: App): void {
  // Filled in by the analytics module.
}
