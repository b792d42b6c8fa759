import type { WorkspaceSeed } from '../../fake-upstream.js';
import type { Random } from '../../seed/random.js';
import type { ChatMessage, ChatSpace, ChatStore } from './model.js';

const DAY = 86_400_000;
const SPACES = ['Engineering', 'Incidents', 'Random', 'Launch room'];
const LINES = [
  'Deploy is green.',
  'Who owns the flaky test?',
  'Standup notes are in the doc.',
  'Can someone review my PR?',
  'Lunch at noon?',
  'Rolling back the release.',
  'Thanks, merged.',
  'Looking into it now.',
];

const spaceId = (random: Random): string =>
  `AAAA${Array.from({ length: 7 }, () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'[random.int(0, 61)]).join('')}`;

/**
 * Named spaces (everyone in Engineering and Random, about half in Incidents and Launch room, the first
 * person managing them) and direct messages between the first person and each other, with ~40 days of
 * messages in threads of one to four replies (×scale).
 */
export function seedChat(workspace: WorkspaceSeed): ChatStore {
  const random = workspace.random.fork('google-chat');
  const { people } = workspace;
  const store: ChatStore = { spaces: new Map(), messages: new Map(), nextNumber: 1 };
  const start = workspace.now - 40 * DAY;
  const add = (space: ChatSpace) => {
    store.spaces.set(space.id, space);
    store.messages.set(space.id, []);
  };
  SPACES.forEach((displayName, i) => {
    const members = i % 2 === 0 ? people : people.filter((p) => p.index % 2 === 0);
    add({
      id: spaceId(random),
      type: 'SPACE',
      displayName,
      members: new Map(members.map((p) => [p.index, p.index === 0 ? 'ROLE_MANAGER' : 'ROLE_MEMBER'])),
      createTime: start - 30 * DAY,
    });
  });
  for (const other of people.slice(1))
    add({
      id: spaceId(random),
      type: 'DIRECT_MESSAGE',
      displayName: '',
      members: new Map([
        [0, 'ROLE_MEMBER'],
        [other.index, 'ROLE_MEMBER'],
      ]),
      createTime: start - 10 * DAY,
    });
  for (const space of store.spaces.values()) {
    const members = [...space.members.keys()];
    const messages: ChatMessage[] = [];
    const threads = (space.type === 'SPACE' ? 15 : 5) * workspace.scale;
    for (let t = 0; t < threads; t++) {
      let at = start + random.int(0, 39) * DAY + random.int(8 * 60, 18 * 60) * 60_000;
      const threadId = `${random.hex(11)}`;
      for (let n = random.int(1, 4); n > 0; n--) {
        messages.push({
          id: `${random.hex(11)}.${random.hex(11)}`,
          spaceId: space.id,
          threadId,
          sender: random.pick(members),
          text: random.pick(LINES),
          createTime: at,
        });
        at += random.int(1, 90) * 60_000;
      }
    }
    messages.sort((a, b) => a.createTime - b.createTime);
    store.messages.set(space.id, messages);
  }
  return store;
}
