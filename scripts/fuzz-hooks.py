"""Schemathesis hooks for scripts/fuzz.sh (loaded through SCHEMATHESIS_HOOKS).

The OpenAPI document names a `format` where a value must pass a check digit that JSON Schema
cannot state (src/http/openapi.ts lists them). Here each such format gets a strategy that
generates valid values, so "schema-valid" data is valid for the API too. The checks are the
API's own (src/shared/documents.ts, src/payments/card.rules.ts); the generators below follow
the same published algorithms.
"""

import ast
import base64
import datetime
import importlib.util
import json
import os
import re
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request

import schemathesis
from hypothesis import strategies as st

# CPython 3.11 before 3.11.8 (and 3.12 before 3.12.2) keeps ast.parse's recursion count in
# state shared by threads; when garbage collection inside one parse lets the other worker's
# parse run, the first fails with "SystemError: AST constructor recursion depth mismatch"
# (python/cpython#106905). Hypothesis parses lambda sources while generating (filter rewriting,
# descriptions), so with --workers 2 one case in ~10,000 ended as a tool error. One parse at a
# time here; a fixed interpreter skips this.
if (3, 11) <= sys.version_info < (3, 11, 8) or (3, 12) <= sys.version_info < (3, 12, 2):
    _parse, _one_parse = ast.parse, threading.RLock()

    def _parse_alone(*args, **kwargs):
        with _one_parse:
            return _parse(*args, **kwargs)

    ast.parse = _parse_alone

digits = lambda n: st.lists(st.integers(0, 9), min_size=n, max_size=n)  # noqa: E731


def cpf_from(base):
    """A CPF: nine digits and two mod-11 check digits (weights 10..2, then 11..2)."""
    d = list(base)
    for weight in (10, 11):
        total = sum(x * w for x, w in zip(d, range(weight, 1, -1)))
        r = (total * 10) % 11
        d.append(0 if r == 10 else r)
    return "".join(map(str, d))


def cnpj_from(base):
    """A numeric CNPJ: twelve digits and two mod-11 check digits (weights 5..2,9..2, then 6..2,9..2)."""
    d = list(base)
    for weights in ((5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2), (6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2)):
        r = sum(x * w for x, w in zip(d, weights)) % 11
        d.append(0 if r < 2 else 11 - r)
    return "".join(map(str, d))


# A document of one repeated digit passes the arithmetic but is refused (000.000.000-00).
cpf = digits(9).filter(lambda b: len(set(b)) > 1).map(cpf_from)
cnpj = digits(12).filter(lambda b: len(set(b)) > 1).map(cnpj_from)


def luhn_complete(payload):
    total = 0
    for i, ch in enumerate(reversed(payload)):
        n = int(ch)
        if i % 2 == 0:
            n *= 2
            if n > 9:
                n -= 9
        total += n
    return payload + str((10 - total % 10) % 10)


def card_with_prefix(prefix, length):
    return digits(length - len(prefix) - 1).map(lambda b: luhn_complete(prefix + "".join(map(str, b))))


# Visa, Mastercard (51-55) and American Express (34, 37): brands the API detects (card.rules.ts).
card_number = st.one_of(
    card_with_prefix("4", 16),
    st.sampled_from(["51", "52", "53", "54", "55"]).flatmap(lambda p: card_with_prefix(p, 16)),
    st.sampled_from(["34", "37"]).flatmap(lambda p: card_with_prefix(p, 15)),
)


def expiration(offset):
    today = datetime.date.today()
    months = today.year * 12 + today.month - 1 + offset
    return f"{months % 12 + 1:02d}/{months // 12}"


# A month from the current one up to ten years ahead: not expired.
card_expiration = st.integers(0, 120).map(expiration)

# A holder name as the API reads it after trimming: a letter first and last, letters, spaces and . ' - between.
LETTER = "A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u00ff"
card_holder = st.from_regex(f"[{LETTER}][{LETTER} .'-]{{0,60}}[{LETTER}]", fullmatch=True)

# Webhook URLs must reach a public address; the fuzz stack allowlists one local address
# (WEBHOOK_ALLOWLIST in scripts/fuzz.sh) where nothing listens, so deliveries just fail.
hook_target = os.environ.get("LASTRO_FUZZ_WEBHOOK_TARGET", "127.0.0.1:3918")
webhook_url = st.from_regex(r"[a-z0-9/_-]{0,40}", fullmatch=True).map(lambda path: f"http://{hook_target}/{path}")

# KYC files are checked by their bytes (src/recipients/kyc-files.ts): a PNG or PDF signature
# then any bytes, base64-encoded; selfies are images only.
PNG = bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
signed = lambda signature: st.binary(max_size=64).map(lambda b: base64.b64encode(signature + b).decode())  # noqa: E731
kyc_image = signed(PNG)
kyc_document = st.one_of(signed(PNG), signed(b"%PDF-1.4\n"))

# Images and logos on checkout pages: a public https URL (syntax only, no lookup).
public_https_url = st.from_regex(r"[a-z0-9_-]{0,30}", fullmatch=True).map(lambda path: f"https://cdn.example.com/{path}")

# Redirect targets: any absolute http(s) URL.
http_url = st.sampled_from(["http", "https"]).flatmap(lambda scheme: public_https_url.map(lambda u: scheme + u[len("https"):]))

schemathesis.openapi.format("cpf", cpf)
schemathesis.openapi.format("cnpj", cnpj)
schemathesis.openapi.format("cpf-cnpj", st.one_of(cpf, cnpj))
schemathesis.openapi.format("card-number", card_number)
schemathesis.openapi.format("card-expiration", card_expiration)
schemathesis.openapi.format("card-holder", card_holder)
schemathesis.openapi.format("webhook-url", webhook_url)
schemathesis.openapi.format("kyc-image", kyc_image)
schemathesis.openapi.format("kyc-document", kyc_document)
schemathesis.openapi.format("public-https-url", public_https_url)
schemathesis.openapi.format("http-url", http_url)

COMPANY_ID = re.compile(r"comp_[0-9a-z]{26}")


def stack_company(case):
    """Test data, as the API key is: a well-formed companyId (public tokenization) names the
    stack's company, which a generated id never does. A malformed one is left to be refused, so
    this applies to negative cases too (their violation stays)."""
    body, company = case.body, os.environ.get("LASTRO_FUZZ_COMPANY_ID")
    if company and isinstance(body, dict) and isinstance(body.get("companyId"), str) and COMPANY_ID.fullmatch(body["companyId"]):
        case.body = {**body, "companyId": company}


def fresh_card_token():
    """A single-use card token of the stack's company (a test card, as the browser SDK sends it)."""
    body = {
        "companyId": os.environ["LASTRO_FUZZ_COMPANY_ID"],
        "card": {"number": "4111111111111111", "holder": "Ana Souza", "document": "52998224725", "cvv": "123", "expiration": expiration(12)},
    }
    # Public, as the browser calls it: tokenization refuses a secret key.
    _, token = api("POST", "/v1/tokens/cards", body, with_key=False)
    return token["tokenId"]


# ---------------------------------------------------------------------------------------------
# Rules JSON Schema cannot state (aggregates, order, uniqueness by key) and state the generator
# cannot know (what a stored resource holds). A positive case is made to follow them the way a
# merchant's request would, so "schema-valid" means valid for the API; negative cases are left
# as generated. Each repair names the API rule it follows.

SAFE_INTEGER = 2**53 - 1


def api(method, path, body=None, with_key=True):
    """A call to the fuzz stack, with the company's key unless public: (status, parsed body or None)."""
    headers = {"Content-Type": "application/json"}
    if with_key:
        headers["x-api-key"] = os.environ["LASTRO_FUZZ_API_KEY"]
    request = urllib.request.Request(
        os.environ["LASTRO_FUZZ_BASE_URL"] + path,
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers=headers,
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, None


def path_id(case):
    """The case's {id}, as it goes in a URL (generated ids hold any character)."""
    return urllib.parse.quote(str((case.path_parameters or {}).get("id", "")), safe="")


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


def split_percentages(splits):
    """Percentages summing to exactly 100 (two decimals), one per split."""
    share = round(100 / len(splits), 2)
    values = [share] * (len(splits) - 1)
    return values + [round(100 - sum(values), 2)]


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
    tiers[-1]["upTo"] = None


def whole(value):
    """An integer as JSON Schema reads one (1.0 included)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == int(value)


active_recipients = {}


def receiving(recipient_id):
    """The recipient id if it names an active recipient of the company, else the seeded owner:
    splits must name a recipient that can receive (split-check.service.ts, checkout)."""
    if not isinstance(recipient_id, str):
        return os.environ["LASTRO_FUZZ_OWNER_ID"]
    if recipient_id not in active_recipients:
        status, recipient = api("GET", f"/recipients/{urllib.parse.quote(recipient_id, safe='')}")
        active_recipients[recipient_id] = status == 200 and recipient.get("status") == "active"
    return recipient_id if active_recipients[recipient_id] else os.environ["LASTRO_FUZZ_OWNER_ID"]


def linked_recipient(body):
    """POST /withdrawals, /sandbox/ledger/credit: recipientId names an active recipient of the
    company, else the seeded owner (a generated id answers 404 naming the field)."""
    if isinstance(body.get("recipientId"), str):
        body["recipientId"] = receiving(body["recipientId"])


def transaction_splits(body):
    """split.rules.ts: all by percentage summing to 100, one item at least paying the fee, each
    recipient active."""
    splits = body.get("splits")
    if not isinstance(splits, list) or not splits or not all(isinstance(s, dict) for s in splits):
        return
    for split, percentage in zip(splits, split_percentages(splits)):
        split.pop("amount", None)
        split["percentage"] = percentage
        split["recipientId"] = receiving(split.get("recipientId"))
    splits[0]["chargeProcessingFee"] = True


def boleto_due_dates(body):
    """transactions.service.ts: a boleto's due date is today or later (the schema says a date)."""
    soon = (datetime.date.today() + datetime.timedelta(days=3)).isoformat()
    for payment in body.get("payments") or []:
        boleto = payment.get("boleto") if isinstance(payment, dict) else None
        if isinstance(boleto, dict) and isinstance(boleto.get("dueDate"), str) and boleto["dueDate"] < soon:
            boleto["dueDate"] = soon


def transaction_cards(body):
    """A card payment carries a fresh single-use token of the company (never guessed)."""
    for payment in body.get("payments") or []:
        if isinstance(payment, dict) and isinstance(payment.get("creditCard"), dict) and "token" in payment["creditCard"]:
            payment["creditCard"]["token"] = fresh_card_token()


def transaction_amounts(body):
    """transactions.service.ts: the payments sum to the items' total (quantity × amount)."""
    items, payments = body.get("items"), body.get("payments")
    if not isinstance(items, list) or not isinstance(payments, list) or not payments:
        return
    if not all(isinstance(i, dict) and whole(i.get("quantity")) and whole(i.get("amount")) for i in items):
        return
    total = int(sum(i["quantity"] * i["amount"] for i in items))
    methods = {p.get("paymentMethod") for p in payments if isinstance(p, dict)}
    # The largest a boleto barcode / a BR Code carries (transactions.service.ts), else a safe integer.
    cap = 9_999_999_999 if "boleto" in methods else 999_999_999_999 if "pix" in methods else SAFE_INTEGER
    if total > cap:
        for item in items:
            item["quantity"], item["amount"] = min(item["quantity"], 1000), min(item["amount"], 10**4)
        total = int(sum(i["quantity"] * i["amount"] for i in items))
    payments[:] = payments[: max(1, min(len(payments), total))]
    share = total // len(payments)
    for payment in payments:
        if isinstance(payment, dict):
            payment["amount"] = share
    if isinstance(payments[-1], dict):
        payments[-1]["amount"] = total - share * (len(payments) - 1)


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


def customer_document(case):
    """PUT /customers/{id}: a document sent alone follows the stored documentType, and a
    documentType sent alone must fit the stored document; a valid document of the type is sent."""
    body = case.body
    if "document" not in body and "documentType" not in body:
        return
    status, stored = api("GET", f"/customers/{path_id(case)}")
    if status != 200:
        return
    kind = body.get("documentType", stored["documentType"])
    document = body.get("document", stored["document"])
    if document_fits(kind, document):
        return
    body["document"] = VALID_DOCUMENTS[kind]


def new_customer_document(body):
    """POST /customers (customers.schemas.ts checkDocument): the document fits documentType (cpf
    when absent). The document states it as a format inside anyOf branches, which the coverage
    phase does not generate from, so a value of the right length only is made valid."""
    kind, document = body.get("documentType", "cpf"), body.get("document")
    if kind in VALID_DOCUMENTS and isinstance(document, str) and not document_fits(kind, document):
        body["document"] = VALID_DOCUMENTS[kind]


def document_fits(kind, document):
    bare = re.sub(r"[^0-9A-Za-z]", "", document).upper()
    if kind == "cpf":
        return len(bare) == 11 and bare.isdigit() and len(set(bare)) > 1 and cpf_from([int(c) for c in bare[:9]]) == bare
    if kind == "cnpj":
        return len(bare) == 14 and bare.isdigit() and len(set(bare)) > 1 and cnpj_from([int(c) for c in bare[:12]]) == bare
    return 6 <= len(bare) <= 20


# Alphanumeric CNPJs pass the API too; the generator's numeric ones are enough here.
VALID_DOCUMENTS = {"cpf": "52998224725", "cnpj": "11222333000181", "passport": "FZ123456"}


def recipient_split(case):
    """PUT /recipients/{id}: splitType and splitValue go together, read with the stored other
    (recipients.service.ts); a value sent alone gets its type, a type alone gets a value."""
    body = case.body
    if ("splitType" in body) == ("splitValue" in body):
        return
    status, stored = api("GET", f"/recipients/{path_id(case)}")
    if status != 200:
        return
    kind = body.get("splitType", stored.get("splitType"))
    value = body.get("splitValue", stored.get("splitValue"))
    if "splitValue" in body:
        if value is None:
            body["splitType"] = None
        elif kind is None or (kind == "percentage" and value > 100) or (kind == "flat" and value != int(value)):
            body["splitType"] = "flat" if value == int(value) and value > 100 else "percentage"
            body["splitValue"] = value if body["splitType"] == "flat" else min(value, 100)
    elif kind is None:
        body["splitValue"] = None
    elif value is None or (kind == "percentage" and value > 100) or (kind == "flat" and value != int(value)):
        body["splitValue"] = 50 if kind == "percentage" else 1000


def pix_key(body):
    """recipients.schemas.ts pixKeyProblem: a cpf or cnpj Pix key carries check digits (a format
    inside anyOf branches, which the coverage phase does not generate from)."""
    kind, key = body.get("pixKeyType"), body.get("pixKey")
    if kind in ("cpf", "cnpj") and isinstance(key, str) and not document_fits(kind, key):
        body["pixKey"] = VALID_DOCUMENTS[kind]


def not_the_owner(body):
    """POST /recipients reuses the registration with the same document or e-mail and sets its
    role (recipients.service.ts createRecipient): a case naming the seeded owner's would take it
    from the cases that rely on it, so it names a registration of its own."""
    owner = seed().OWNER
    document, email = body.get("document"), body.get("email")
    bare = re.sub(r"[./\-\s]", "", document).upper() if isinstance(document, str) else None
    if bare == owner["document"] or (isinstance(email, str) and email.lower() == owner["email"]):
        n = next(throwaways)
        body["document"] = cpf_from([int(c) for c in str(n)])
        body["email"] = f"spare{n}@fuzz.lastro.test"


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


seed_module = None


def seed():
    """scripts/fuzz-seed.py, for the owner it makes."""
    global seed_module
    if seed_module is None:
        spec = importlib.util.spec_from_file_location("fuzz_seed", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fuzz-seed.py"))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        seed_module = module
    return seed_module


owner_lock = threading.Lock()


def active_owner(case):
    """A payment without splits goes to the company's active owner (split-check.service.ts). If a
    case took it (a link deleted, a role changed, a generated owner in its place), it is made
    again as scripts/fuzz-seed.py made it: the same document, so the same registration and id."""
    with owner_lock:
        status, owner = api("GET", "/recipients/owner")
        if status == 200 and owner and owner.get("status") == "active":
            return
        if owner and owner["id"] != os.environ["LASTRO_FUZZ_OWNER_ID"]:
            api("PUT", f"/recipients/{owner['id']}", {"role": "seller"})
        status, again = api("POST", "/recipients", seed().OWNER)
        if status in (200, 201) and again.get("status") != "active":
            seed().approve_owner(again["id"], lambda: api("GET", "/recipients/owner")[1])


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


def chargeback_amount(body):
    """POST /sandbox/payments/{payId}/chargeback: at most the payment's amount not yet charged back
    or refunded (sandbox-payments.routes.ts), which no route reads by payment id; one cent is
    within it whenever the payment can be charged back at all."""
    if "amount" in body:
        body["amount"] = 1


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


def checkout_confirm(case):
    """POST /checkout/public/sessions/{id}/confirm against the stored session (checkout-session.rules.ts):
    the buyer gives the session's requiredFields, answers its custom fields, and pays the amount
    due in one payment of an enabled method that can carry it."""
    status, session = api("GET", f"/checkout/public/sessions/{path_id(case)}", with_key=False)
    if status != 200 or not isinstance(session, dict) or not session.get("amountDue"):
        return
    body, due = case.body, session["amountDue"]
    customer = body.get("customer")
    if isinstance(customer, dict):
        for field in session.get("requiredFields") or []:
            if customer.get(field) in (None, ""):
                customer[field] = BUYER[field]
    body["customFields"] = {f["key"]: custom_answer(f) for f in session.get("customFields") or []}
    enabled = {name for name, options in session["paymentMethods"].items() if options.get("enabled")}
    for method in ("pix", "boleto"):
        if method in enabled and due <= METHOD_MAX[method]:
            body["payments"] = [{"method": method, "amount": due}]
            return
    if "card" in enabled:
        body["payments"] = [{"method": "credit_card", "cardToken": fresh_card_token(), "amount": due}]


def plan_subscription(case):
    """POST /subscriptions with a planId (subscriptions.service.ts planItems): the currency is one
    the plan's components are priced in, the items are left to the plan (its required components),
    and a plan with metered usage is invoiced just in time."""
    body = case.body
    if not isinstance(body.get("planId"), str):
        return
    status, prices = api("GET", f"/plans/{urllib.parse.quote(body['planId'], safe='')}/prices")
    if status != 200 or not isinstance(prices, list):
        return
    current = [p for p in prices if p.get("isCurrent") and not p.get("archivedAt")]
    currencies = sorted({p["currency"] for p in current})
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


throwaways = iter(range(10**8, 10**9))


def spare_owner_writes(case):
    """The seeded owner is test data other cases rely on (transactions without splits): a write
    on it (PUT, DELETE, kyc-link) goes to a fresh look-alike seller made for that call instead."""
    if path_id(case) != os.environ["LASTRO_FUZZ_OWNER_ID"]:
        return
    n = next(throwaways)
    status, recipient = api("POST", "/recipients", {
        "name": "Loja Reserva", "email": f"spare{n}@fuzz.lastro.test", "document": cpf_from([int(c) for c in str(n)]), "type": "individual",
    })
    if status == 201:
        case.path_parameters = {**case.path_parameters, "id": recipient["id"]}


def on_body(repair):
    """A repair of the JSON body (cases without one are left alone)."""
    return lambda case: repair(case.body) if isinstance(case.body, dict) else None


def with_body(repair):
    """A repair of a case that has a JSON body."""
    return lambda case: repair(case) if isinstance(case.body, dict) else None


def card_token(body):
    """A schema-valid card token is single use and never guessed: a fresh one of the company."""
    if "token" in body:
        body["token"] = fresh_card_token()


checkout = [on_body(checkout_items), on_body(checkout_splits), on_body(custom_fields)]
transaction = [active_owner, on_body(transaction_amounts), on_body(transaction_splits), on_body(transaction_cards), on_body(boleto_due_dates)]
recipient_writes = [spare_owner_writes, with_body(recipient_split), on_body(pix_key)]

REPAIRS = {
    ("POST", "/payment-methods/cards"): [on_body(card_token)],
    ("DELETE", "/recipients/{id}"): [spare_owner_writes],
    ("DELETE", "/v1/recipients/{id}"): [spare_owner_writes],
    ("POST", "/recipients/{id}/kyc-link"): [spare_owner_writes],
    ("POST", "/v1/recipients/{id}/kyc-link"): [spare_owner_writes],
    ("POST", "/recipients"): [on_body(not_the_owner), on_body(pix_key)],
    ("POST", "/v1/recipients"): [on_body(not_the_owner), on_body(pix_key)],
    ("PUT", "/recipients/{id}"): recipient_writes,
    ("PUT", "/v1/recipients/{id}"): recipient_writes,
    ("POST", "/subscriptions/{id}/usage"): [with_body(metered_usage)],
    ("POST", "/subscriptions/{id}/payment-method"): [with_body(subscription_card)],
    ("POST", "/subscriptions"): [with_body(plan_subscription), with_body(new_subscription_card)],
    ("POST", "/checkout/links"): checkout,
    ("PUT", "/checkout/links/{id}"): checkout,
    ("POST", "/checkout/charges"): checkout,
    ("POST", "/plans/{id}/prices"): [on_body(price_tiers), with_body(plan_component)],
    ("POST", "/plans/{id}/charges"): [on_body(lambda body: price_tiers(body.get("price")))],
    ("POST", "/transactions"): transaction,
    ("POST", "/v1/transactions"): transaction,
    ("POST", "/withdrawals"): [on_body(linked_recipient)],
    ("POST", "/v1/withdrawals"): [on_body(linked_recipient)],
    ("POST", "/sandbox/ledger/credit"): [on_body(linked_recipient)],
    ("POST", "/customers"): [on_body(new_customer_document)],
    ("POST", "/v1/customers"): [on_body(new_customer_document)],
    ("POST", "/checkout/public/sessions/{id}/confirm"): [active_owner, with_body(checkout_confirm)],
    ("POST", "/sandbox/payments/{payId}/chargeback"): [on_body(chargeback_amount)],
    ("PUT", "/customers/{id}"): [with_body(customer_document)],
    ("PUT", "/v1/customers/{id}"): [with_body(customer_document)],
}


# Path ids of scripts/fuzz-seed.py's objects, by the environment variable holding each. A
# generated id never names anything, and an id schemathesis took from an earlier answer only
# comes when that answer ran first, so without these some operations only ever met 404.
# Writes that end an object (refuse, cancel, publish) get one of their own, so the others
# still find theirs open.
wallet = {"ownerId": "LASTRO_FUZZ_OWNER_ID"}
invoice = {"id": "LASTRO_FUZZ_INVOICE_ID"}
lifecycle = {"id": "LASTRO_FUZZ_SUBSCRIPTION_ID"}
draft_plan = {"id": "LASTRO_FUZZ_DRAFT_PLAN_ID"}
refund = {"id": "LASTRO_FUZZ_REFUND_ID"}
withdrawal = {"id": "LASTRO_FUZZ_WITHDRAWAL_ID"}
delivery = {"id": "LASTRO_FUZZ_DELIVERY_ID"}
paid_payment = {"txnId": "LASTRO_FUZZ_PAID_TRANSACTION_ID", "payId": "LASTRO_FUZZ_PAID_PAYMENT_ID"}
SEEDED_PATHS = {
    **{("GET", f"{v}/wallets/owner/{{ownerId}}/{what}"): wallet for v in ("", "/v1") for what in ("balance", "summary", "transactions")},
    ("GET", "/invoices/{id}"): invoice,
    ("GET", "/invoices/{id}/line-items"): invoice,
    ("POST", "/sandbox/invoices/{id}/pay"): invoice,
    **{("POST", f"/subscriptions/{{id}}/{what}"): lifecycle for what in ("pause", "resume", "payment-method")},
    ("POST", "/sandbox/subscriptions/{id}/advance"): lifecycle,
    **{("POST", f"/subscriptions/{{id}}/{what}"): {"id": "LASTRO_FUZZ_CANCEL_SUBSCRIPTION_ID"} for what in ("cancel", "uncancel")},
    **{("POST", f"/plans/{{id}}/{what}"): draft_plan for what in ("charges", "prices", "publish")},
    ("POST", "/plans/{id}/prices/{priceId}/archive"): {**draft_plan, "priceId": "LASTRO_FUZZ_DRAFT_PRICE_ID"},
    **{("POST", f"{v}/transactions/{{id}}/cancel"): {"id": "LASTRO_FUZZ_PENDING_TRANSACTION_ID"} for v in ("", "/v1")},
    **{("GET", f"{v}/refunds/{{id}}"): refund for v in ("", "/v1")},
    **{("POST", f"{v}/refunds/{{id}}/approve"): refund for v in ("", "/v1")},
    **{("POST", f"{v}/refunds/{{id}}/refuse"): {"id": "LASTRO_FUZZ_REFUSED_REFUND_ID"} for v in ("", "/v1")},
    **{("POST", f"{v}/transactions/{{txnId}}/payments/{{payId}}/refund"): paid_payment for v in ("", "/v1")},
    ("POST", "/sandbox/payments/{payId}/pay"): {"payId": "LASTRO_FUZZ_PENDING_PAYMENT_ID"},
    ("POST", "/sandbox/payments/{payId}/chargeback"): {"payId": "LASTRO_FUZZ_CARD_PAYMENT_ID"},
    **{("GET", f"{v}/withdrawals/{{id}}"): withdrawal for v in ("", "/v1")},
    **{("POST", f"{v}/withdrawals/{{id}}/cancel"): withdrawal for v in ("", "/v1")},
    **{("POST", f"{v}/webhooks/deliveries/{{id}}/retry"): delivery for v in ("", "/v1")},
    ("POST", "/checkout/charges/{id}/cancel"): {"id": "LASTRO_FUZZ_CHECKOUT_CHARGE_ID"},
}


def seeded_path(case):
    """A positive case's path names the seeded object, so it is fuzzed past the lookup. The
    stateful phase keeps the ids its links carry: following them is its point."""
    names = SEEDED_PATHS.get((case.method.upper(), case.path))
    if names and case.meta.phase.name.value != "stateful":
        case.path_parameters = {**(case.path_parameters or {}), **{name: os.environ[var] for name, var in names.items()}}


@schemathesis.hook
def map_case(context, case):
    """Every phase runs this one (coverage does not run map_body). The stack's company for all
    cases; the repairs above for positive cases only: negative ones keep what was generated."""
    stack_company(case)
    if case.meta is not None and not case.meta.generation.mode.is_negative:
        seeded_path(case)
        for repair in REPAIRS.get((case.method.upper(), case.path), []):
            repair(case)
    return case
