/** Chat v1 as the fake stores it: spaces with their members, and messages in threads. */

export interface ChatSpace {
  id: string;
  type: 'SPACE' | 'DIRECT_MESSAGE';
  displayName: string;
  /** Members by person index, with their role. */
  members: Map<number, 'ROLE_MEMBER' | 'ROLE_MANAGER'>;
  createTime: number;
}

export interface ChatMessage {
  id: string;
  spaceId: string;
  threadId: string;
  sender: number;
  text: string;
  createTime: number;
}

export interface ChatStore {
  spaces: Map<string, ChatSpace>;
  /** Messages by space id, oldest first. */
  messages: Map<string, ChatMessage[]>;
  nextNumber: number;
  /** How many memberships were read by a member's email (the alias `spaces/{space}/members/{email}`). */
  memberLookupsByEmail?: number;
}

/** `users/{id}`: the Chat user resource name of a person. */
export const chatUserName = (idBase: number, index: number): string =>
  `users/1${String(idBase + index).padStart(17, '0')}`;
