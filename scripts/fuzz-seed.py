"""Test data of the fuzz stack (scripts/fuzz.sh), made through the API as a merchant makes it.

A merchant that takes payments has what the API's rules refer to; a fresh sandbox company has
none of it, so schema-valid requests would be refused for the company's state, not for their
shape. This seeds, for the stack's company:
- an active owner recipient (POST /recipients with role owner, then the operator's KYC approval
  through the CLI, as in production), which receives a transaction without splits (the hooks
  import this module to make it again if a case took it);
- a published plan with a metered component and a customer subscribed to it (send_invoice, so
  nothing is charged), which usage can be reported for.

Prints `NAME=value` lines for the shell to export (the hooks read them).
Usage: fuzz-seed.py (LASTRO_FUZZ_BASE_URL, LASTRO_FUZZ_API_KEY and the stack's ports in the env)
"""

import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request

BASE = os.environ["LASTRO_FUZZ_BASE_URL"]
KEY = os.environ["LASTRO_FUZZ_API_KEY"]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def call(method, path, body=None):
    request = urllib.request.Request(
        BASE + path,
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"x-api-key": KEY, "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        sys.exit(f"fuzz-seed: {method} {path} answered {error.code}: {error.read().decode()}")


def cli(*args):
    """The operator CLI (npm run lastro) against the fuzz stack's PostgreSQL and Temporal."""
    subprocess.run(["node", "--import", "tsx", os.path.join(ROOT, "src/cli/index.ts"), *args], check=True, stdout=subprocess.DEVNULL, cwd=ROOT)


# The owner's registration: its document names it, so a POST with it again reuses it (same id).
OWNER = {
    "name": "Loja Fuzz Ltda",
    "email": "owner@fuzz.lastro.test",
    "document": "11222333000181",
    "type": "company",
    "phone": "+55 11 99999-0000",
    "role": "owner",
    "address": {"address": "Rua Um", "number": "1", "city": "São Paulo", "state": "SP", "postalCode": "01001000"},
    "bankAccount": {
        "bankHolderName": "Loja Fuzz Ltda",
        "bankHolderDocument": "11222333000181",
        "bankCode": "341",
        "bankAgency": "0001",
        "bankAccount": "12345",
        "bankAccountDigit": "6",
    },
}


def approve_owner(recipient_id, get):
    """The operator's KYC approval, then the wait for the onboarding workflow to activate it;
    `get` reads GET /recipients/owner (the hooks pass their own client)."""
    cli("recipients", "kyc-approve", recipient_id, "--operator", "fuzz-seed")
    for _ in range(120):
        if (get() or {}).get("status") == "active":
            return True
        time.sleep(0.5)
    return False


def active_owner():
    # The dev company came with a generated owner recipient; the fuzz owner takes its place,
    # with the document and e-mail the hooks keep cases away from (fuzz-hooks.py not_the_owner).
    made = call("GET", "/recipients/owner")
    if made:
        call("DELETE", f"/recipients/{made['id']}")
    owner = call("POST", "/recipients", OWNER)
    if not approve_owner(owner["id"], lambda: call("GET", "/recipients/owner")):
        sys.exit("fuzz-seed: the owner recipient did not become active")
    return owner["id"]


def metered_subscription():
    plan = call("POST", "/plans", {"code": "fuzz-metered", "name": "Fuzz metered"})
    call("POST", f"/plans/{plan['id']}/charges", {
        "item": {"key": "api-calls", "name": "API calls"},
        "price": {
            "billingScheme": "metered",
            "meterId": "api_calls",
            "money": {"amount": 5, "currency": "BRL"},
            "recurrence": {"interval": 1, "unit": "month", "collectionTiming": "postpaid"},
        },
    })
    call("POST", f"/plans/{plan['id']}/publish", {})
    customer = call("POST", "/customers", {
        "name": "Cliente Fuzz", "email": "cliente@fuzz.lastro.test", "type": "individual",
        "document": "52998224725", "documentType": "cpf", "phone": "+55 11 98888-0000",
    })
    subscription = call("POST", "/subscriptions", {"customerId": customer["id"], "planId": plan["id"], "collectionMethod": "send_invoice"})
    return subscription["id"]


if __name__ == "__main__":
    print(f"LASTRO_FUZZ_OWNER_ID={active_owner()}")
    print(f"LASTRO_FUZZ_METERED_SUBSCRIPTION_ID={metered_subscription()}")
    print("LASTRO_FUZZ_METER_ID=api_calls")
    # The hooks re-seed the owner with the same CLI if a case took it (scripts/fuzz-hooks.py).
    print(f"TEMPORAL_ADDRESS={os.environ['TEMPORAL_ADDRESS']}")
