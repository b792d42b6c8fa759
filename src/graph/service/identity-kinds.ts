import { z } from 'zod';
import type { AliasLink } from '../store/graph-storage.js';

/** The kinds of identifier a person may be linked by, and the systems each one identifies them in. */
export const IDENTIFIER_KINDS = {
  email: { prefix: 'email', systems: ['email'], caseless: true },
  github_login: { prefix: 'login', systems: ['code_host'], caseless: true },
  github_id: { prefix: 'github', systems: ['code_host'], caseless: false },
  atlassian_account_id: { prefix: 'account', systems: ['ticketing', 'wiki'], caseless: false },
  notion_user_id: { prefix: 'notion', systems: ['notes'], caseless: false },
  slack_member_id: { prefix: 'slack', systems: ['chat'], caseless: false },
  google_chat_user_id: { prefix: 'gchat', systems: ['suite'], caseless: false },
  crm_user_id: { prefix: 'crm', systems: ['crm'], caseless: false },
} as const;

export type IdentifierKind = keyof typeof IDENTIFIER_KINDS;
export const IDENTIFIER_KIND_NAMES = Object.keys(IDENTIFIER_KINDS) as [IdentifierKind, ...IdentifierKind[]];

/** How a link was made: `verified_email` where an upstream record named it with the person's email or own ids. */
export type LinkMethod = 'verified_email' | 'directory' | 'manual';

/** One identifier of a person, as tools and routes show it. */
export type PersonIdentifier = {
  system: string;
  kind: IdentifierKind;
  value: string;
  linked_by: LinkMethod;
  /** ISO 8601: when the identifier was first tied to this person; absent for links older than that record. */
  linked_at?: string;
};

/** The alias an identifier is stored under. */
export function aliasOfIdentifier(kind: IdentifierKind, value: string): string {
  const { prefix, caseless } = IDENTIFIER_KINDS[kind];
  const trimmed = value.trim();
  return `${prefix}:${caseless ? trimmed.toLowerCase() : trimmed}`;
}

const KIND_OF_PREFIX = new Map(
  IDENTIFIER_KIND_NAMES.map((kind): [string, IdentifierKind] => [IDENTIFIER_KINDS[kind].prefix, kind]),
);

/** The identifiers stored links stand for, one per system they identify the person in. */
export function identifiersOf(links: readonly AliasLink[]): PersonIdentifier[] {
  return links.flatMap((link) => {
    const colon = link.alias.indexOf(':');
    const kind = KIND_OF_PREFIX.get(link.alias.slice(0, colon));
    if (!kind) return [];
    const value = link.alias.slice(colon + 1);
    const linked_by: LinkMethod = link.method ?? 'verified_email';
    const linked_at = link.linkedAt === null ? undefined : new Date(link.linkedAt).toISOString();
    return IDENTIFIER_KINDS[kind].systems.map((system) => ({
      system,
      kind,
      value,
      linked_by,
      ...(linked_at ? { linked_at } : {}),
    }));
  });
}

export const IdentifierKindSchema = z.enum(IDENTIFIER_KIND_NAMES).describe('The kind of identifier');
