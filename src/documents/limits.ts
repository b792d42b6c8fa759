const MB = 1024 * 1024;

export const MIN_CHUNK_SIZE = 100;
export const MAX_CHUNK_SIZE = 20_000;
export const DEFAULT_CHUNK_SIZE = 1000;

/** Bytes as people read them: `200 MB`, `1.5 KB`, `12 bytes`. */
export function formatBytes(bytes: number): string {
  const units: Array<[number, string]> = [
    [1024 * MB, 'GB'],
    [MB, 'MB'],
    [1024, 'KB'],
  ];
  for (const [size, unit] of units) if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  return `${bytes} bytes`;
}

/** A count with thousands separators (`67,584`), the same on every machine. */
export const formatCount = (n: number): string => n.toLocaleString('en-US');
