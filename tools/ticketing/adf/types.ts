/**
 * Atlassian Document Format: the JSON tree Jira Cloud (REST v3) uses for descriptions, comments and
 * other rich text. Only the parts the converters read and write are typed; unknown node types are
 * carried as `AdfNode` with whatever attributes they have.
 */
export interface AdfMark {
  type: string;
  attrs?: Record<string, unknown>;
}

export interface AdfNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: AdfNode[];
  text?: string;
  marks?: AdfMark[];
}

export interface AdfDoc {
  type: 'doc';
  version: 1;
  content: AdfNode[];
}

/** True for an ADF document (`{type: 'doc', content: [...]}`). */
export function isAdfDoc(value: unknown): value is AdfDoc {
  return (
    !!value &&
    typeof value === 'object' &&
    (value as { type?: unknown }).type === 'doc' &&
    Array.isArray((value as { content?: unknown }).content)
  );
}
