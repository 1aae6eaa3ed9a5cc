import { Command } from 'commander';
import { CliContext } from './context';
import { registerCompanyCommands } from './commands/companies';
import { register as registerWithdrawalCommands } from './commands/withdrawals';
import { register as registerRecipientCommands } from './commands/recipients';
import { register as registerFeeCommands } from './commands/fees';
import { register as registerRefundCommands } from './commands/refunds';
import { register as registerListenCommand } from './commands/listen';
import { register as registerProcessorCommands } from './commands/processors';
import { register as registerAnticipationCommands } from './commands/anticipations';
import { register as registerDisputeCommands } from './commands/disputes';

/**
 * `npm run lastro -- <command>`: the operator CLI. Each domain registers its commands here;
 * operator decisions are the same Temporal signals an operator can send from the UI. One
 * command is a merchant's: `listen`, which talks to the API with a company's key, never to the
 * database or Temporal.
 */
async function main(argv: string[]): Promise<void> {
  const ctx = new CliContext();
  const program = new Command('lastro').description('Lastro operator CLI (and listen, for merchants)').showHelpAfterError();
  registerCompanyCommands(program, ctx);
  registerWithdrawalCommands(program, ctx);
  registerRecipientCommands(program, ctx);
  registerFeeCommands(program, ctx);
  registerRefundCommands(program, ctx);
  registerProcessorCommands(program, ctx);
  registerAnticipationCommands(program, ctx);
  registerDisputeCommands(program, ctx);
  registerListenCommand(program, ctx);
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
