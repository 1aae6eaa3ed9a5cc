import { Command } from 'commander';
import { COMMAND_MODULES, commandModulesFor } from '../../src/cli/command-modules';
import type { CliContext } from '../../src/cli/context';

describe('lastro: command modules imported on demand', () => {
  it('each module registers exactly the top-level commands it is listed under (a command run alone finds its module)', async () => {
    for (const { names, load } of COMMAND_MODULES) {
      const program = new Command('lastro');
      (await load())(program, {} as CliContext);
      expect(program.commands.map((c) => c.name())).toEqual(names);
    }
  });

  it('a command line loads its command’s module alone; anything else that lists the commands loads them all', () => {
    expect(commandModulesFor(['keys', 'create']).map((m) => m.names)).toEqual([['companies', 'keys']]);
    expect(commandModulesFor(['withdrawals', '--help']).map((m) => m.names)).toEqual([['withdrawals']]);
    for (const args of [[], ['--help'], ['help', 'withdrawals'], ['withdrawal'], ['-h', 'withdrawals']]) {
      expect(commandModulesFor(args)).toBe(COMMAND_MODULES);
    }
  });
});
