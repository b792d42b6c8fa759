import { parseDocument } from 'htmlparser2';
import { isTag, type Element } from 'domhandler';

export interface HtmlForm {
  action: string;
  fields: Record<string, string>;
}

/** The forms of a page and their inputs' values, as a browser would submit them. */
export function formsOf(html: string): HtmlForm[] {
  const forms: HtmlForm[] = [];
  const walk = (node: Element, form?: HtmlForm): void => {
    let current = form;
    if (node.name === 'form') forms.push((current = { action: node.attribs.action, fields: {} }));
    if (node.name === 'input' && current) current.fields[node.attribs.name] = node.attribs.value;
    for (const child of node.children) if (isTag(child)) walk(child, current);
  };
  for (const node of parseDocument(html).children) if (isTag(node)) walk(node);
  return forms;
}
