import type { App } from '../app.js';

/** Wires the knowledge graph into the app: its service, the activity and ingestion observers. */
export function installGraph(_app: App): void {
  // Filled in by the knowledge-graph module.
}
