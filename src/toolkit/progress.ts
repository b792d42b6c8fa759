/** How far a call has come: `progress` of `total` units (resources covered, rows read...). */
export interface ProgressUpdate {
  progress: number;
  total?: number;
  message?: string;
}
