/** Rows of a header-aware table as `header: value` lines, so a chunk always carries its column names. */
export function rowsAsText(header: string[], rows: string[][]): string[] {
  return rows.map((row) =>
    row
      .map((value, i) => `${header[i] || `column ${i + 1}`}: ${value}`)
      .filter((line) => !line.endsWith(': '))
      .join('; '),
  );
}
