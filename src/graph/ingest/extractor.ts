import type { GraphBatch } from './batch.js';
import type { MentionPattern } from './mentions.js';
import type { Json } from './read.js';

/** The user whose call produced a result, for the systems that hold each user's own data (mail, calendar). */
export interface Viewer {
  email: string;
  /** Whether an email address belongs to the tenant's organisation (else it is someone outside it). */
  inOrganization(address: string): boolean;
}

/** One tool result to read: the tool's short name, its validated arguments and its result. */
export interface ExtractInput {
  tool: string;
  args: Json;
  result: Json;
  /** The calling user, when the call had one. */
  viewer?: Viewer;
}

/** Reads one system's tool results into a batch. */
export type Extractor = (input: ExtractInput, batch: GraphBatch) => void;

/** A system as the graph reads it: its extractor, and how texts name its nodes. */
interface ReadingSystem {
  system: { id: string };
  extractor?: Extractor;
  mentions?: readonly MentionPattern[];
}

/**
 * The extractor of each system that has one, each recognising every system's mention patterns (those of
 * `systems`, unless the caller knows more systems than it loaded).
 */
export function extractorsOf(
  systems: readonly ReadingSystem[],
  mentions: readonly MentionPattern[] = systems.flatMap((s) => s.mentions ?? []),
): Readonly<Record<string, Extractor>> {
  return Object.fromEntries(
    systems.flatMap(({ system, extractor }) =>
      extractor
        ? [[system.id, (input: ExtractInput, batch: GraphBatch) => extractor(input, batch.recognising(mentions))]]
        : [],
    ),
  );
}
