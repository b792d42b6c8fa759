import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { Registry, type SystemRecord } from '../../src/toolkit/registry.js';

const system = (id: string): SystemRecord => ({ id, name: id, description: id, keywords: [], when_to_use: id });
const tool = (systemId: string, name: string, aliases: string[], specNames?: string[]) =>
  defineTool({
    system: systemId,
    name,
    specNames,
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
    expect(
      () => new Registry([system('chat')], [listMessages, tool('chat', 'get_message', ['ChatMessage.LIST'])]),
    ).toThrow(/already names chat_list_messages/);
  });
});

describe('spec names too long for hosts', () => {
  const renamed = tool(
    'ticketing',
    'get_developer_metrics_all_projects',
    [],
    ['get_developer_ticket_metrics_all_projects'],
  );
  const registry = new Registry([system('ticketing'), system('chat')], [renamed]);

  it('are found qualified, or short within their system, and never as a listed tool', () => {
    expect(registry.find('ticketing_get_developer_ticket_metrics_all_projects')).toBe(renamed);
    expect(registry.find('get_developer_ticket_metrics_all_projects', 'ticketing')).toBe(renamed);
    expect(registry.find('get_developer_ticket_metrics_all_projects', 'chat')).toBeUndefined();
    expect(registry.tools.map((t) => t.qualifiedName)).toEqual(['ticketing_get_developer_metrics_all_projects']);
  });

  it('a name longer than 44 characters with its system is refused where the tool is defined', () => {
    expect(() => tool('ticketing', 'get_developer_ticket_metrics_all_projects', [])).toThrow(
      /longer than 44 characters/,
    );
  });
});
