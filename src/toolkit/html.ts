/** Text made safe inside HTML content and quoted attributes (the few pages the server and its sandbox render). */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
