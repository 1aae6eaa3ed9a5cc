// The benchmark's floor workflow: started and answered exactly like a card transaction
// (update-with-start), doing nothing else. Bundled on its own, never in the Lastro bundle.
import { condition, defineUpdate, setHandler } from '@temporalio/workflow';

export const noopDecision = defineUpdate<{ status: string }>('decision');

export async function benchNoop(): Promise<void> {
  let answered = false;
  setHandler(noopDecision, () => {
    answered = true;
    return { status: 'paid' };
  });
  await condition(() => answered);
}
