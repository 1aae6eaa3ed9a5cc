"""Test data of the fuzz stack (scripts/fuzz.sh), made through the API as a merchant makes it.

A merchant that takes payments has what the API's rules refer to; a fresh sandbox company has
none of it, so schema-valid requests would be refused for the company's state, not for their
shape. This seeds, for the stack's company:
- an active owner recipient (POST /recipients with role owner, then the operator's KYC approval
  through the CLI, as in production), which receives a transaction without splits (the hooks
  import this module to make it again if a case took it);
- a published plan with a metered component and a customer subscribed to it (send_invoice, so
  nothing is charged), which usage can be reported for;
- one of each thing the API looks up by a path id that neither a generated id nor an id the
  run saw in an earlier answer reliably names: a licensed plan's subscription (paused, resumed
  and advanced by cases, so not the metered one) with its first invoice, another to cancel, a
  draft plan with a priced component (charges, prices, publish), paid Pix and card payments
  (refunds, chargebacks), two pending Pix transactions (one to pay, one to cancel), two refunds
  pending a review (one to approve, one to refuse), a requested withdrawal of the owner, a
  webhook delivery and a checkout charge. The hooks put their ids in the path of positive cases
  (the SEEDED tables of scripts/fuzz/), so those cases reach past the lookup.

Prints `NAME=value` lines for the shell to export (the hooks read them).
Usage: fuzz-seed.py (LASTRO_FUZZ_BASE_URL, LASTRO_FUZZ_API_KEY and the stack's ports in the env)
"""

import itertools
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


def call(method, path, body=None, with_key=True):
    headers = {"Content-Type": "application/json"}
    if with_key:
        headers["x-api-key"] = KEY
    request = urllib.request.Request(BASE + path, method=method, data=None if body is None else json.dumps(body).encode(), headers=headers)
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
    # with the document and e-mail the hooks keep cases away from (scripts/fuzz/recipients.py not_the_owner).
    made = call("GET", "/recipients/owner")
    if made:
        call("DELETE", f"/recipients/{made['id']}")
    owner = call("POST", "/recipients", OWNER)
    if not approve_owner(owner["id"], lambda: call("GET", "/recipients/owner")):
        sys.exit("fuzz-seed: the owner recipient did not become active")
    return owner["id"]


def until(what, read, timeout=60):
    """The first truthy value `read` gives (workflows finish the seeded writes in the background)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = read()
        if value:
            return value
        time.sleep(0.3)
    sys.exit(f"fuzz-seed: {what} did not come in {timeout} s")


def customer():
    """A customer (its document names it, so a second POST reuses the first registration)."""
    return call("POST", "/customers", {
        "name": "Cliente Fuzz", "email": "cliente@fuzz.lastro.test", "type": "individual",
        "document": "52998224725", "documentType": "cpf", "phone": "+55 11 98888-0000",
    })


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
    subscription = call("POST", "/subscriptions", {"customerId": customer()["id"], "planId": plan["id"], "collectionMethod": "send_invoice"})
    return subscription["id"]


def plan_with_charge(code, publish):
    """A plan with one prepaid monthly component: (plan, component, price) ids."""
    plan = call("POST", "/plans", {"code": code, "name": code})
    charge = call("POST", f"/plans/{plan['id']}/charges", {
        "item": {"key": "seat", "name": "Seat"},
        "price": {"money": {"amount": 990, "currency": "BRL"}, "recurrence": {"interval": 1, "unit": "month"}},
    })
    if publish:
        call("POST", f"/plans/{plan['id']}/publish", {})
    return plan["id"], charge["item"]["id"], charge["price"]["id"]


def subscription(plan):
    """A send_invoice subscription (nothing is charged): its first invoice is issued at once and
    left open, so the sandbox can pay it."""
    return call("POST", "/subscriptions", {"customerId": customer()["id"], "planId": plan, "collectionMethod": "send_invoice"})["id"]


def invoice(subscription_id):
    invoices = lambda: call("GET", f"/invoices?subscriptionId={subscription_id}")["data"]  # noqa: E731
    return until(f"the invoice of {subscription_id}", invoices)[0]["id"]


def card_token():
    """Public, as the browser SDK calls it: tokenization refuses a secret key."""
    expiration = f"12/{time.gmtime().tm_year + 2}"
    card = {"number": "4111111111111111", "holder": "Ana Souza", "document": "52998224725", "cvv": "123", "expiration": expiration}
    return call("POST", "/v1/tokens/cards", {"companyId": os.environ["LASTRO_FUZZ_COMPANY_ID"], "card": card}, with_key=False)["tokenId"]


references = itertools.count(1)
# A day, the longest a Pix charge may wait: it stays payable through the run.
PIX = {"paymentMethod": "pix", "pix": {"expiresIn": 86400}}


def transaction(payment, amount=10000):
    """A one-item transaction with one payment of `payment` (its method's own fields): (txn, pay) ids."""
    body = {"referenceCode": f"fuzz-seed-{next(references)}", "items": [{"description": "Camiseta", "quantity": 1, "amount": amount}], "payments": [{"amount": amount, **payment}]}
    made = call("POST", "/transactions", body)
    return made["id"], made["payments"][0]["id"]


def paid(txn):
    until(f"{txn} paid", lambda: call("GET", f"/transactions/{txn}")["status"] == "paid")


def paid_pix():
    txn, pay = transaction(PIX)
    call("POST", f"/sandbox/payments/{pay}/pay", {})
    paid(txn)
    return txn, pay


def paid_card():
    txn, pay = transaction({"paymentMethod": "credit_card", "creditCard": {"token": card_token(), "installments": 1}})
    paid(txn)
    return pay


def pending_refunds(txn, pay):
    """Two refunds of the paid Pix payment waiting for a review: automatic approval (on by
    default) is off while they are made."""
    call("PUT", "/settings/refunds", {"autoApprove": False})
    made = [call("POST", f"/transactions/{txn}/payments/{pay}/refund", {"amount": 100, "reason": "Fuzz"})["id"] for _ in range(2)]
    call("PUT", "/settings/refunds", {"autoApprove": True})
    return made


def requested_withdrawal(owner):
    """The owner's withdrawal waiting for an operator (nobody approves it), on sandbox credit."""
    call("POST", "/sandbox/ledger/credit", {"recipientId": owner, "amount": 5000, "currency": "BRL"})
    return call("POST", "/withdrawals", {"recipientId": owner, "amount": 1000})["id"]


def webhook():
    """A webhook to the allowlisted address where nothing listens (fuzz.sh), for every event."""
    return call("POST", "/webhooks", {"name": "Fuzz", "url": f"http://{os.environ['LASTRO_FUZZ_WEBHOOK_TARGET']}/seed"})["id"]


def delivery(hook):
    """A delivery of `hook` (the seeded writes' events go to it)."""
    return until("a webhook delivery", lambda: [d for d in call("GET", "/webhooks/deliveries")["data"] if d["webhookId"] == hook])[0]["id"]


def checkout_charge():
    return call("POST", "/checkout/charges", {"items": [{"name": "Camiseta", "quantity": 1, "unitAmount": 5000}], "paymentMethods": {"pix": {"enabled": True}}})["id"]


if __name__ == "__main__":
    hook = webhook()
    owner = active_owner()
    print(f"LASTRO_FUZZ_OWNER_ID={owner}")
    print(f"LASTRO_FUZZ_METERED_SUBSCRIPTION_ID={metered_subscription()}")
    print("LASTRO_FUZZ_METER_ID=api_calls")
    licensed, _, _ = plan_with_charge("fuzz-licensed", publish=True)
    print(f"LASTRO_FUZZ_PLAN_ID={licensed}")
    lifecycle = subscription(licensed)
    print(f"LASTRO_FUZZ_SUBSCRIPTION_ID={lifecycle}")
    print(f"LASTRO_FUZZ_CANCEL_SUBSCRIPTION_ID={subscription(licensed)}")
    print(f"LASTRO_FUZZ_INVOICE_ID={invoice(lifecycle)}")
    draft, item, price = plan_with_charge("fuzz-draft", publish=False)
    print(f"LASTRO_FUZZ_DRAFT_PLAN_ID={draft}")
    print(f"LASTRO_FUZZ_DRAFT_ITEM_ID={item}")
    print(f"LASTRO_FUZZ_DRAFT_PRICE_ID={price}")
    txn, pay = paid_pix()
    print(f"LASTRO_FUZZ_PAID_TRANSACTION_ID={txn}")
    print(f"LASTRO_FUZZ_PAID_PAYMENT_ID={pay}")
    approve, refuse = pending_refunds(txn, pay)
    print(f"LASTRO_FUZZ_REFUND_ID={approve}")
    print(f"LASTRO_FUZZ_REFUSED_REFUND_ID={refuse}")
    print(f"LASTRO_FUZZ_CARD_PAYMENT_ID={paid_card()}")
    print(f"LASTRO_FUZZ_PENDING_PAYMENT_ID={transaction(PIX)[1]}")
    print(f"LASTRO_FUZZ_PENDING_TRANSACTION_ID={transaction(PIX)[0]}")
    print(f"LASTRO_FUZZ_WITHDRAWAL_ID={requested_withdrawal(owner)}")
    print(f"LASTRO_FUZZ_CHECKOUT_CHARGE_ID={checkout_charge()}")
    print(f"LASTRO_FUZZ_DELIVERY_ID={delivery(hook)}")
    # The hooks re-seed the owner with the same CLI if a case took it (scripts/fuzz/recipients.py active_owner).
    print(f"TEMPORAL_ADDRESS={os.environ['TEMPORAL_ADDRESS']}")
