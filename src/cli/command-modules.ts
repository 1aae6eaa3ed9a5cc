import type { Command } from 'commander';
import type { CliContext } from './context';

export type RegisterCommands = (program: Command, ctx: CliContext) => void;

export interface CommandModule {
  /** The top-level commands it registers (test/cli/command-modules.unit.test.ts holds them to it). */
  names: string[];
  load: () => Promise<RegisterCommands>;
}

/**
 * Each module of top-level commands, in `--help` order. A module is imported only when one of its
 * commands runs: importing every domain's services for one command was most of a call's CPU, and
 * the integration tests start the CLI over a hundred times.
 */
export const COMMAND_MODULES: CommandModule[] = [
  { names: ['companies', 'keys'], load: async () => (await import('./commands/companies')).registerCompanyCommands },
  { names: ['withdrawals'], load: async () => (await import('./commands/withdrawals')).register },
  { names: ['recipients'], load: async () => (await import('./commands/recipients')).register },
  { names: ['fees'], load: async () => (await import('./commands/fees')).register },
  { names: ['refunds'], load: async () => (await import('./commands/refunds')).register },
  { names: ['processors'], load: async () => (await import('./commands/processors')).register },
  { names: ['anticipations'], load: async () => (await import('./commands/anticipations')).register },
  { names: ['disputes'], load: async () => (await import('./commands/disputes')).register },
  { names: ['listen'], load: async () => (await import('./commands/listen')).register },
];

/**
 * The modules a command line needs: the one registering its command, else all of them (the
 * top-level help, `help <command>`, an unknown command and its suggestions: whatever lists the
 * commands). `args` are the user's arguments, after node and the script.
 */
export function commandModulesFor(args: string[]): CommandModule[] {
  const named = COMMAND_MODULES.filter(({ names }) => names.includes(args[0]));
  return named.length ? named : COMMAND_MODULES;
}
