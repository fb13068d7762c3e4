// What the operators' commands (`npm run backup`, `restore`, `release`) share: the command line
// read with node:util's parseArgs, and a stop with a message and an exit status.
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

/** Prints the message to standard error and exits (2: the command line was wrong). */
export function fail(message: string, status = 2): never {
  console.error(message);
  process.exit(status);
}

/** The positionals and options of the command line; an unknown option prints the usage. */
export function readCommandLine<const T extends ParseArgsOptionsConfig>(options: T, usage: string) {
  try {
    return parseArgs({ allowPositionals: true, options });
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  }
}
