"""Checkout links, charges and the buyer's public session."""

from .stack import SAFE_INTEGER, api, fresh_card_token, on_body, path_id, whole, with_body
from .payments import split_percentages
from .recipients import active_owner, receiving

def checkout_items(body):
    """checkout.rules.ts itemsProblem: the sum of quantity × unitAmount must be a safe integer."""
    items = body.get("items")
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        return
    total = sum(i["quantity"] * i["unitAmount"] for i in items if whole(i.get("quantity")) and whole(i.get("unitAmount")))
    if total > SAFE_INTEGER:
        for item in items:
            if isinstance(item.get("quantity"), (int, float)):
                item["quantity"] = min(item["quantity"], 1000)
            if isinstance(item.get("unitAmount"), (int, float)):
                item["unitAmount"] = min(item["unitAmount"], 10**9)


def checkout_splits(body):
    """checkout-content.service.ts: a recipient appears at most once; percentages sum to 100."""
    splits = body.get("splits")
    if not isinstance(splits, list) or not splits or not all(isinstance(s, dict) for s in splits):
        return
    for split in splits:
        split["recipientId"] = receiving(split.get("recipientId"))
    unique = list({s["recipientId"]: s for s in reversed(splits)}.values())[::-1]
    for split, percentage in zip(unique, split_percentages(unique)):
        split["percentage"] = percentage
    body["splits"] = unique


JS_BLANKS = "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"


def custom_fields(body):
    """checkout.schemas.ts customFieldInput: option values unique once trimmed (the document states
    uniqueItems, which two options differing by blanks or by label alone meet); keys unique
    regardless of case (customFieldsInput)."""
    fields = body.get("customFields")
    if not isinstance(fields, list):
        return
    keys, kept = set(), []
    for field in fields:
        key = field.get("key") if isinstance(field, dict) else None
        if isinstance(key, str):
            if key.lower() in keys:
                continue
            keys.add(key.lower())
        options = field.get("options") if isinstance(field, dict) else None
        if isinstance(options, list):
            values, unique = set(), []
            for option in options:
                value = option.get("value") if isinstance(option, dict) else option
                if isinstance(value, str):
                    if value.strip(JS_BLANKS) in values:
                        continue
                    values.add(value.strip(JS_BLANKS))
                unique.append(option)
            field["options"] = unique
        kept.append(field)
    body["customFields"] = kept


# What a buyer fills in when the session asks for it (checkout-session.rules.ts buyerProblems).
BUYER = {
    "email": "comprador@fuzz.lastro.test",
    "document": "52998224725",
    "phone": "+55 11 98888-0000",
    "address": {"street": "Rua Dois", "number": "2", "city": "São Paulo", "state": "SP", "zipCode": "01001-000"},
}
# The largest amount a BR Code / a boleto barcode carries (transactions.service.ts).
METHOD_MAX = {"pix": 999_999_999_999, "boleto": 9_999_999_999}


def custom_answer(field):
    """customFieldProblems: a select answered with one of its options, a checkbox ticked, text."""
    if field.get("type") == "select":
        first = (field.get("options") or [""])[0]
        return first["value"] if isinstance(first, dict) else first
    return True if field.get("type") == "checkbox" else "ok"


def buyer_fields(body, session):
    """The session's requiredFields filled in and its custom fields answered; the buyer (or None)."""
    customer = body.get("customer")
    if isinstance(customer, dict):
        for field in session.get("requiredFields") or []:
            if customer.get(field) in (None, ""):
                customer[field] = BUYER[field]
    body["customFields"] = {f["key"]: custom_answer(f) for f in session.get("customFields") or []}
    return customer


def checkout_confirm(case):
    """POST /checkout/public/sessions/{id}/confirm against the stored session (checkout-session.rules.ts):
    the buyer gives the session's requiredFields, answers its custom fields, and pays the amount
    due in one payment of an enabled method that can carry it."""
    status, session = api("GET", f"/checkout/public/sessions/{path_id(case)}", with_key=False)
    if status != 200 or not isinstance(session, dict):
        return
    if session.get("subscription"):
        subscription_confirm(case.body, session)
        return
    case.body.pop("paymentMethod", None)
    if not session.get("amountDue"):
        return
    body, due = case.body, session["amountDue"]
    customer = buyer_fields(body, session)
    enabled = {name for name, options in session["paymentMethods"].items() if options.get("enabled")}
    for method in ("pix", "boleto"):
        if method in enabled and due <= METHOD_MAX[method]:
            body["payments"] = [{"method": method, "amount": due}]
            # checkout-confirm.service.ts: a boleto's payer is the buyer, whose CPF/CNPJ it needs.
            if method == "boleto" and isinstance(customer, dict) and not (session.get("customer") or {}).get("document"):
                customer["document"] = BUYER["document"]
            return
    if "card" in enabled:
        body["payments"] = [{"method": "credit_card", "cardToken": fresh_card_token(), "amount": due}]


def subscription_confirm(body, session):
    """checkout-subscriptions.service.ts confirmProblems: a subscription session takes one
    paymentMethod the checkout offers (no payments), and the buyer's requiredFields; a Pix
    Automático payer is named by a CPF or CNPJ."""
    body.pop("payments", None)
    customer = buyer_fields(body, session)
    offered = session["subscription"].get("paymentMethods") or {}
    if offered.get("card"):
        body["paymentMethod"] = {"method": "credit_card", "cardToken": fresh_card_token()}
    else:
        body["paymentMethod"] = {"method": "pix_automatico"}
        if isinstance(customer, dict):
            customer["document"] = BUYER["document"]


checkout = [on_body(checkout_items), on_body(checkout_splits), on_body(custom_fields)]


def payment_mode(repairs):
    """POST /checkout/sessions: a payment-mode body is POST /checkout/charges's, repaired alike."""
    return [lambda case, r=r: r(case) if isinstance(case.body, dict) and case.body.get("mode") == "payment" else None for r in repairs]

REPAIRS = {
    ("POST", "/checkout/links"): checkout,
    ("PUT", "/checkout/links/{id}"): checkout,
    ("POST", "/checkout/charges"): checkout,
    ("POST", "/checkout/sessions"): payment_mode(checkout),
    ("POST", "/checkout/public/sessions/{id}/confirm"): [active_owner, with_body(checkout_confirm)],
}

SEEDED = {("POST", "/checkout/charges/{id}/cancel"): {"id": "LASTRO_FUZZ_CHECKOUT_CHARGE_ID"}}
