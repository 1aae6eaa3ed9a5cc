#!/bin/sh
# Re-records every workflow history under test/histories/<domain>/ for the replay test
# (test/replay/all-workflows.int.test.ts). Until the first release, a change to a workflow's
# command sequence re-records here instead of adding a `patched()` branch:
#   npm run record:history
# The histories come from the workflow tests that call recordHistory() and, for types without
# such a test, from the recorders in test/replay/record-histories.int.test.ts.
set -e
cd "$(dirname "$0")/.."
rm -rf test/histories
RECORD_HISTORIES=1 exec npx jest \
  test/payments/transaction.workflow.test.ts \
  test/payments/pix-reconciliation.workflow.test.ts \
  test/payments/boleto-sweep.workflow.test.ts \
  test/checkout/checkout-session.workflow.test.ts \
  test/refunds/refund.workflow.test.ts \
  test/refunds/refund-confirmation.workflow.test.ts \
  test/webhooks/webhook-delivery.int.test.ts \
  test/billing/subscription.workflow.test.ts \
  test/billing/billing-run.workflow.test.ts \
  test/replay/record-histories.int.test.ts \
  --selectProjects integration
