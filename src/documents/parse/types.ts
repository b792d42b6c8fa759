/** A piece of a parsed file: its text and where it came from (page for PDF, sheet for spreadsheets, heading path for Markdown). */
export interface Section {
  text: string;
  page?: number;
  sheet?: string;
  heading?: string;
}

/** A file the parser cannot read (broken, encrypted, lying about its type): answered as the spec's 500 form. */
export class UnreadableDocument extends Error {}
