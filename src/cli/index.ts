import { Command } from 'commander';
import { commandModulesFor } from './command-modules';
import { CliContext } from './context';

/**
 * `npm run lastro -- <command>`: the operator CLI. Each domain registers its commands from
 * `./commands/` (imported only when one of them runs: ./command-modules.ts); operator decisions
 * are the same Temporal signals an operator can send from the UI. One command is a merchant's:
 * `listen`, which talks to the API with a company's key, never to the database or Temporal.
 */
async function main(argv: string[]): Promise<void> {
  const ctx = new CliContext();
  const program = new Command('lastro').description('Lastro operator CLI (and listen, for merchants)').showHelpAfterError();
  const registers = await Promise.all(commandModulesFor(argv.slice(2)).map(({ load }) => load()));
  for (const register of registers) register(program, ctx);
  try {
    await program.parseAsync(argv);
  } finally {
    await ctx.close();
  }
}

main(process.argv).catch((err) => {
  process.stderr.write(`lastro: ${(err as Error).message}\n`);
  process.exit(1);
});
