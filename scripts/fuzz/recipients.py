"""Recipients, their wallets and withdrawals. The seeded owner is test data other cases rely on
(a payment without splits goes to it), so writes are kept off it and it is made again if a
case took it anyway."""

import os
import re
import threading
import urllib.parse

from .generators import VALID_DOCUMENTS, cpf_from, document_fits
from .stack import api, on_body, path_id, seed, throwaways, with_body

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


recipient_writes = [spare_owner_writes, with_body(recipient_split), on_body(pix_key)]

REPAIRS = {
    ("DELETE", "/recipients/{id}"): [spare_owner_writes],
    ("POST", "/recipients/{id}/kyc-link"): [spare_owner_writes],
    ("POST", "/recipients"): [on_body(not_the_owner), on_body(pix_key)],
    ("PUT", "/recipients/{id}"): recipient_writes,
    ("POST", "/withdrawals"): [on_body(linked_recipient)],
    ("POST", "/sandbox/ledger/credit"): [on_body(linked_recipient)],
}

# The owner's wallet; its withdrawal waits for an operator nobody plays, so cancel finds it open.
wallet = {"ownerId": "LASTRO_FUZZ_OWNER_ID"}
withdrawal = {"id": "LASTRO_FUZZ_WITHDRAWAL_ID"}
SEEDED = {
    ("GET", "/wallets/owner/{ownerId}/balance"): wallet,
    ("GET", "/wallets/owner/{ownerId}/summary"): wallet,
    ("GET", "/wallets/owner/{ownerId}/transactions"): wallet,
    ("GET", "/withdrawals/{id}"): withdrawal,
    ("POST", "/withdrawals/{id}/cancel"): withdrawal,
}
