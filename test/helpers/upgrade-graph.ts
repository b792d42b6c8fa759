/** A node of the small graph the graph stores' upgrade tests write before a migration and read back after it. */
export interface UpgradeNode {
  type: string;
  id: string;
  properties: Record<string, unknown>;
}

/** Its edges, by node position: three issues (0-2), two people (3, 4) and a repository (5). */
export const UPGRADE_EDGES: ReadonlyArray<readonly [from: number, to: number, type: string]> = [
  [0, 3, 'ASSIGNED_TO'],
  [1, 3, 'ASSIGNED_TO'],
  [2, 4, 'ASSIGNED_TO'],
  [0, 5, 'BELONGS_TO'],
  [1, 5, 'BELONGS_TO'],
  [2, 5, 'BELONGS_TO'],
  [3, 5, 'CONTRIBUTES_TO'],
];
