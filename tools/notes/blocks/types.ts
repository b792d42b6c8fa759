/** A rich text item as Notion returns it (`plain_text`, `href`) or as a client sends it (`text.content`, `text.link`). */
export interface RichText {
  type?: string;
  text?: { content: string; link?: { url: string } | null };
  mention?: { type: string; user?: { id: string } };
  annotations?: {
    bold?: boolean;
    italic?: boolean;
    strikethrough?: boolean;
    underline?: boolean;
    code?: boolean;
    color?: string;
  };
  plain_text?: string;
  href?: string | null;
}

/** A block with its children, whichever way they arrived (fetched, or nested in a request). */
export interface BlockNode {
  type: string;
  /** The type-specific object: `{rich_text, color}`, `{rich_text, language}`, `{cells}`... */
  content: Record<string, unknown>;
  children: BlockNode[];
}

/** Notion's limit on one rich text item's content. */
export const RICH_TEXT_MAX = 2000;
