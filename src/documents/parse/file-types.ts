// The file types an upload may have, apart from their parsers (index.ts): the server checks a name at
// upload, and the parsers load with the worker that reads the file.

export const FILE_TYPES = ['pdf', 'xlsx', 'xls', 'csv', 'md', 'txt'] as const;
export type FileType = (typeof FILE_TYPES)[number];

/** The file type of a name (`report.PDF` → `pdf`, `notes.markdown` → `md`), or its raw extension when unsupported. */
export function fileTypeOf(filename: string): { type?: FileType; extension: string } {
  const extension = /\.([^./\\]+)$/.exec(filename)?.[1]?.toLowerCase() ?? '';
  const normalized = extension === 'markdown' ? 'md' : extension;
  return {
    type: (FILE_TYPES as readonly string[]).includes(normalized) ? (normalized as FileType) : undefined,
    extension: extension ? `.${extension}` : filename,
  };
}
