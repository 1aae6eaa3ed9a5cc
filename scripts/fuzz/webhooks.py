"""Webhooks: generated URLs are already deliverable (generators.webhook_url); a delivery to
retry exists only once an event was sent, which scripts/fuzz-seed.py waits for."""

REPAIRS = {}

SEEDED = {("POST", "/webhooks/deliveries/{id}/retry"): {"id": "LASTRO_FUZZ_DELIVERY_ID"}}
