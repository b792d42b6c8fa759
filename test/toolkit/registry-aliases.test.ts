import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { Registry, type SystemRecord } from '../../src/toolkit/registry.js';

const system = (id: string): SystemRecord => ({ id, name: id, description: id, keywords: [], when_to_use: id });
const tool = (systemId: string, name: string, aliases: string[]) =>
  defineTool({
    system: systemId,
    name,
    description: name,
    capability: { type: 'read', name: `${systemId}.${name}` },
    input: z.object({}),
    aliases,
    hints: { aliases: [], when_to_use: '', not_for: '', examples: [] },
    run: () => Promise.resolve({}),
  });

describe('tool aliases in the registry', () => {
  const listMessages = tool('chat', 'list_messages', ['chatmessage:list', 'ChatMessage.list']);
  const registry = new Registry([system('chat'), system('notes')], [listMessages, tool('notes', 'search', [])]);

  it('finds a tool by any alias, case-insensitively, with or without its system', () => {
    for (const name of ['chatmessage:list', 'CHATMESSAGE:LIST', 'chatMessage.List']) {
      expect(registry.find(name)).toBe(listMessages);
      expect(registry.find(name, 'chat')).toBe(listMessages);
    }
    expect(registry.find('chat_list_messages')).toBe(listMessages);
  });

  it('an alias names a tool of its own system only, and unknown names stay unknown', () => {
    expect(registry.find('chatmessage:list', 'notes')).toBeUndefined();
    expect(registry.find('chatmessage:lists')).toBeUndefined();
  });

  it('refuses an alias that two tools claim', () => {
    expect(() => new Registry([system('chat')], [listMessages, tool('chat', 'get_message', ['ChatMessage.LIST'])])).toThrow(/already names chat_list_messages/);
  });
});
