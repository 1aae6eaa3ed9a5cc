import { Migration } from '@mikro-orm/migrations';

/**
 * `billing_subscriptions.workflow_started_at`: set once the API started the subscription's
 * workflow, so the subscription.created outbox subscriber starts it only when the API did not.
 */
export class Migration20261122104100SubscriptionWorkflowStarted extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "billing_subscriptions" add column "workflow_started_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "billing_subscriptions" drop column "workflow_started_at";`);
  }
}
