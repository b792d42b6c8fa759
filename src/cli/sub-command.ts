import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './args.js';

/** What a sub-command that runs and exits (`store`, `audit`) reads and writes. */
export interface CommandIo {
  env: NodeJS.ProcessEnv;
  stdout(text: string): void;
  stderr(text: string): void;
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** A sub-command's own options and words; a mistake is a usage error pointing to its `--help`. */
export function parseSubCommand<O extends Options>(argv: string[], options: O, name: string) {
  try {
    return parseArgs<{ args: string[]; allowPositionals: true; options: O }>({
      args: argv,
      allowPositionals: true,
      options,
    });
  } catch (error) {
    throw new UsageError(
      `${error instanceof Error ? error.message : String(error)} Run "constellation ${name} --help".`,
    );
  }
}
