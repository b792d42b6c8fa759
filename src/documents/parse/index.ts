import type { PdfLimits } from '../../config/documents.js';
import { parsePdf } from './pdf.js';
import { parseSheetIsolated } from './isolated-sheet.js';
import { decodeText } from './text.js';
import type { Section } from './types.js';
import { UnreadableDocument } from './types.js';
import type { FileType } from './file-types.js';

export { UnreadableDocument, type Section } from './types.js';

/**
 * Sections of a file's text by its type. Throws `UnreadableDocument` for a broken or mislabelled file. The
 * CSV and Markdown parsers load with the first file that needs them, not with the server.
 */
export async function parseDocument(bytes: Uint8Array, type: FileType, pdfLimits?: PdfLimits): Promise<Section[]> {
  if (bytes.length === 0) throw new UnreadableDocument('the file is empty');
  switch (type) {
    case 'pdf':
      if (!new TextDecoder('latin1').decode(bytes.subarray(0, 1024)).includes('%PDF-'))
        throw new UnreadableDocument('the file is not a PDF');
      return parsePdf(bytes, pdfLimits);
    case 'xlsx':
    case 'xls':
      return parseSheetIsolated(bytes, type);
    case 'csv':
      return (await import('./csv.js')).parseCsv(bytes);
    case 'md':
      return (await import('./markdown.js')).parseMarkdownSections(decodeText(bytes));
    case 'txt':
      return [{ text: decodeText(bytes) }];
  }
}
