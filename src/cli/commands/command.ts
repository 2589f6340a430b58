import type { CommandModule } from 'yargs';

/**
 * One command of the CLI: its name (with its positionals), its line in the help, its flags and what
 * it does. Returns it as given: the point is the flags' types, which TypeScript infers from the
 * builder for the handler.
 */
export function defineCommand<Args>(command: CommandModule<object, Args>): CommandModule<object, Args> {
  return command;
}
