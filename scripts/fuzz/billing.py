"""Plans, prices, subscriptions and invoices."""

import os
import urllib.parse

from .generators import VALID_DOCUMENTS
from .stack import SAFE_INTEGER, api, fresh_card_token, on_body, path_id, with_body

def price_tiers(price):
    """pricing.rules.ts tiersProblem: upTo strictly increasing, null on the last tier only."""
    tiers = price.get("tiers") if isinstance(price, dict) else None
    if not isinstance(tiers, list) or not tiers or not all(isinstance(t, dict) for t in tiers):
        return
    bounds = sorted({t["upTo"] for t in tiers if isinstance(t.get("upTo"), int)})
    upper = 0
    for i, tier in enumerate(tiers[:-1]):
        upper = bounds[i] if i < len(bounds) and bounds[i] > upper else upper + 1
        tier["upTo"] = upper
    # Bounds pushed past the largest integer the schema allows: the smallest increasing ones instead.
    if any(t["upTo"] > SAFE_INTEGER for t in tiers[:-1]):
        for i, tier in enumerate(tiers[:-1]):
            tier["upTo"] = i + 1
    tiers[-1]["upTo"] = None


def plan_component(case):
    """A price names a component of this plan (planItemId or planItemKey) that exists."""
    body = case.body
    if not any(k in body for k in ("planItemId", "planItemKey")):
        return
    status, items = api("GET", f"/plans/{path_id(case)}/items")
    if status != 200:
        return
    live = [i for i in items if not i.get("deletedAt")]
    ids, keys = {i["id"] for i in live}, {i["key"] for i in live}
    if body.get("planItemId") in ids or body.get("planItemKey") in keys:
        return
    body.pop("planItemId", None)
    body.pop("planItemKey", None)
    if live:
        body["planItemKey"] = live[0]["key"]


def metered_usage(case):
    """POST /subscriptions/{id}/usage: the meter is one a metered item of that subscription uses
    (subscriptions.service.ts reportUsage); a subscription without one is swapped for the seeded
    metered subscription (scripts/fuzz-seed.py)."""
    status, items = api("GET", f"/subscriptions/{path_id(case)}/items")
    if status != 200:
        return
    meters = [i["meterId"] for i in items if i.get("billingScheme") == "metered" and i.get("meterId")]
    if case.body.get("meterId") in meters:
        return
    if meters:
        case.body["meterId"] = meters[0]
    else:
        case.path_parameters = {**case.path_parameters, "id": os.environ["LASTRO_FUZZ_METERED_SUBSCRIPTION_ID"]}
        case.body["meterId"] = os.environ["LASTRO_FUZZ_METER_ID"]


def saved_card_of(customer_id):
    """A saved card of that customer (POST /payment-methods/cards with a fresh token). A new one
    each time: other cases delete saved cards, so a remembered one may be gone."""
    status, card = api("POST", "/payment-methods/cards", {"customerId": customer_id, "token": fresh_card_token()})
    return card["id"] if status == 201 else None


def subscription_card(case):
    """POST /subscriptions/{id}/payment-method: a saved card of the subscription's customer. A
    customer another case deleted can save none, so the case goes to the seeded subscription."""
    status, subscription = api("GET", f"/subscriptions/{path_id(case)}")
    if status != 200:
        return
    card = saved_card_of(subscription["customerId"])
    if not card:
        seeded = os.environ["LASTRO_FUZZ_METERED_SUBSCRIPTION_ID"]
        status, subscription = api("GET", f"/subscriptions/{seeded}")
        card = saved_card_of(subscription["customerId"]) if status == 200 else None
        if card:
            case.path_parameters = {**case.path_parameters, "id": seeded}
    if card:
        case.body["defaultPaymentMethodRef"] = card


def billable_prices(plan_id):
    """The plan's current prices of required components (with their component's kind), the ones
    a subscription without items bills (subscriptions.service.ts planItems): [] when none is
    recurring, None when the plan is not found."""
    plan = urllib.parse.quote(plan_id, safe="")
    status, prices = api("GET", f"/plans/{plan}/prices")
    items_status, items = api("GET", f"/plans/{plan}/items")
    if status != 200 or items_status != 200 or not isinstance(prices, list):
        return None
    required = {i["id"]: i["kind"] for i in items if not i.get("optional") and not i.get("deletedAt")}
    billed = [{**p, "kind": required[p["planItemId"]]} for p in prices if p.get("isCurrent") and not p.get("archivedAt") and p.get("planItemId") in required]
    return billed if any(p["kind"] == "recurring" for p in billed) else []


def plan_subscription(case):
    """POST /subscriptions with a planId (subscriptions.service.ts planItems): the currency is one
    the plan's components are priced in, the items are left to the plan (its required components),
    and a plan with metered usage is invoiced just in time."""
    body = case.body
    if not isinstance(body.get("planId"), str):
        return
    current = billable_prices(body["planId"])
    if current is None:
        return
    if not current:
        # Nothing to bill (a plan another case just made, without a recurring price yet): the
        # seeded published plan instead.
        body["planId"] = os.environ["LASTRO_FUZZ_PLAN_ID"]
        current = billable_prices(body["planId"])
    currencies = sorted({p["currency"] for p in current if p["kind"] == "recurring"})
    if currencies and str(body.get("currency", "BRL")).upper() not in currencies:
        body["currency"] = currencies[0]
    body.pop("items", None)
    currency = str(body.get("currency", "BRL")).upper()
    if any(p.get("billingScheme") == "metered" and p["currency"] == currency for p in current):
        body["invoiceGenerationMode"] = "just_in_time"


def new_subscription_card(case):
    """POST /subscriptions with defaultPaymentMethodRef: a saved card of body.customerId."""
    customer = case.body.get("customerId")
    if "defaultPaymentMethodRef" not in case.body or not isinstance(customer, str):
        return
    status, _ = api("GET", f"/customers/{urllib.parse.quote(customer, safe='')}")
    card = saved_card_of(customer) if status == 200 else None
    if card:
        case.body["defaultPaymentMethodRef"] = card
    else:
        # No card can be saved for it (another case deleted the customer): subscribe without one.
        del case.body["defaultPaymentMethodRef"]



def coupon_terms(body):
    """POST /coupons (coupons.schemas.ts): percentOff or amountOff, not both; a currency with
    amountOff only; durationInCycles with `repeating` only."""
    if "percentOff" in body and "amountOff" in body:
        del body["amountOff"]
    if "percentOff" not in body and "amountOff" not in body:
        body["percentOff"] = 10
    if "amountOff" in body:
        body.setdefault("currency", "BRL")
    else:
        body.pop("currency", None)
    if body.get("duration") == "repeating":
        body.setdefault("durationInCycles", 3)
    else:
        body.pop("durationInCycles", None)


def no_coupon(body):
    """POST /subscriptions: a generated couponId names no coupon (404 naming it, as an unknown
    customerId is), so positive cases subscribe without one."""
    body.pop("couponId", None)


def mandate_authorization(body):
    """POST /subscriptions/{id}/pix-automatico: a request to the payer's bank needs the payer's
    account; without one, the QR journey."""
    if body.get("authorization") == "request" and not isinstance(body.get("payerAccount"), dict):
        body["authorization"] = "qr"


def mandate_payer(case):
    """POST /subscriptions/{id}/pix-automatico (mandates.service.ts): the BCB names a mandate's
    payer by CPF or CNPJ, a 422 otherwise. The fuzzing of PUT /customers/{id} may have left the
    seeded customer with a passport: it gets its CPF back."""
    status, sub = api("GET", f"/subscriptions/{path_id(case)}")
    if status != 200:
        return
    status, customer = api("GET", f"/customers/{urllib.parse.quote(sub['customerId'], safe='')}")
    if status == 200 and customer.get("documentType") not in ("cpf", "cnpj"):
        api("PUT", f"/customers/{customer['id']}", {"document": VALID_DOCUMENTS["cpf"], "documentType": "cpf"})


def one_component_name(case):
    """POST /subscriptions/{id}/plan-changes (and its preview): each item names a live component of
    the plan it changes to (planId, else the subscription's), by planItemId or by planItemKey
    (plan-changes.service.ts: 400 otherwise, as prices are), one way and not both. Items left naming
    none are dropped; a body left with neither planId nor an item changes one of the plan's components."""
    items = case.body.get("items")
    items = [i for i in items if isinstance(i, dict)] if isinstance(items, list) else []
    status, sub = api("GET", f"/subscriptions/{path_id(case)}")
    plan = case.body.get("planId") or (sub.get("planId") if status == 200 else None)
    if not isinstance(plan, str):
        return
    status, live = api("GET", f"/plans/{urllib.parse.quote(plan, safe='')}/items")
    if status != 200 or not isinstance(live, list):
        return
    ids, keys = {c["id"] for c in live}, {c["key"] for c in live}
    named = []
    for item in items:
        if "planItemId" in item and "planItemKey" in item:
            item.pop("planItemId")
        if item.get("planItemId") in ids or item.get("planItemKey") in keys:
            named.append(item)
    if named or "planId" in case.body:
        case.body["items"] = named
        if not named:
            case.body.pop("items")
        return
    status, own = api("GET", f"/subscriptions/{path_id(case)}/items")
    billed = [i for i in own if i.get("planItemId") in ids] if status == 200 else []
    if billed:
        case.body["items"] = [{"planItemId": billed[0]["planItemId"], "quantity": billed[0]["quantity"] + 1}]
    elif live:
        case.body["items"] = [{"planItemId": live[0]["id"], "quantity": 1}]
    else:
        case.body.pop("items", None)
        case.body["planId"] = plan


def ascending_retry_days(body):
    """PUT /billing/dunning-settings (dunning.rules.ts): the retry days ascending, each after the
    one before (a schema holds the bounds, not the order)."""
    days = body.get("retryDays")
    # JSON numbers come as int or as a whole float (41.0): both are a whole number of days.
    if isinstance(days, list) and all(isinstance(d, (int, float)) and d == int(d) for d in days):
        body["retryDays"] = sorted(set(int(d) for d in days))


REPAIRS = {
    **{("POST", f"/subscriptions/{{id}}/{what}"): [with_body(one_component_name)] for what in ("plan-changes", "plan-changes/preview")},
    ("PUT", "/billing/dunning-settings"): [on_body(ascending_retry_days)],
    ("POST", "/subscriptions/{id}/usage"): [with_body(metered_usage)],
    ("POST", "/subscriptions/{id}/payment-method"): [with_body(subscription_card)],
    ("POST", "/subscriptions"): [with_body(plan_subscription), with_body(new_subscription_card), on_body(no_coupon)],
    ("POST", "/coupons"): [on_body(coupon_terms)],
    ("POST", "/subscriptions/{id}/pix-automatico"): [on_body(mandate_authorization), with_body(mandate_payer)],
    ("POST", "/plans/{id}/prices"): [on_body(price_tiers), with_body(plan_component)],
    ("POST", "/plans/{id}/charges"): [on_body(lambda body: price_tiers(body.get("price")))],
}

# Lifecycle writes (pause, resume, advance) on a subscription of their own, not the metered one
# usage is reported for; cancelling on another, so the lifecycle one stays open. Changes to a
# plan go to a draft one (a published plan takes no new charges).
invoice = {"id": "LASTRO_FUZZ_INVOICE_ID"}
lifecycle = {"id": "LASTRO_FUZZ_SUBSCRIPTION_ID"}
ending = {"id": "LASTRO_FUZZ_CANCEL_SUBSCRIPTION_ID"}
draft_plan = {"id": "LASTRO_FUZZ_DRAFT_PLAN_ID"}
SEEDED = {
    ("GET", "/invoices/{id}"): invoice,
    ("GET", "/invoices/{id}/line-items"): invoice,
    ("POST", "/sandbox/invoices/{id}/pay"): invoice,
    **{("POST", f"/subscriptions/{{id}}/{what}"): lifecycle for what in ("pause", "resume", "payment-method")},
    ("POST", "/sandbox/subscriptions/{id}/advance"): lifecycle,
    **{("POST", f"/subscriptions/{{id}}/{what}"): ending for what in ("cancel", "uncancel")},
    **{("POST", f"/plans/{{id}}/{what}"): draft_plan for what in ("charges", "items", "prices", "publish")},
    ("POST", "/plans/{id}/prices/{priceId}/archive"): {**draft_plan, "priceId": "LASTRO_FUZZ_DRAFT_PRICE_ID"},
    ("PATCH", "/plans/{id}/items/{itemId}"): {**draft_plan, "itemId": "LASTRO_FUZZ_DRAFT_ITEM_ID"},
}
