"""Transactions, card tokens, sandbox payments and refunds."""

import datetime

from .stack import SAFE_INTEGER, fresh_card_token, on_body, whole
from .recipients import active_owner, receiving

def split_percentages(splits):
    """Percentages summing to exactly 100 (two decimals), one per split."""
    share = round(100 / len(splits), 2)
    values = [share] * (len(splits) - 1)
    return values + [round(100 - sum(values), 2)]


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


def boleto_terms(body):
    """transactions.schemas.ts, the rules between two values the JSON Schema cannot state: a discount
    ends on or before the due date, and a fixed one is less than the payment's amount. (The one
    form of a fine, an interest and a discount, and payableDaysAfterDue with a fine or interest,
    the document states.)"""
    for payment in body.get("payments") or []:
        boleto = payment.get("boleto") if isinstance(payment, dict) else None
        if not isinstance(boleto, dict):
            continue
        discount, due = boleto.get("discount"), boleto.get("dueDate")
        if not isinstance(discount, dict):
            continue
        if not isinstance(due, str):
            # The default due date (BOLETO_DEFAULT_DUE_DAYS after today in Brasília); a day less, so midnight never crosses it.
            due = (datetime.datetime.now(datetime.timezone(datetime.timedelta(hours=-3))).date() + datetime.timedelta(days=2)).isoformat()
        if isinstance(discount.get("until"), str) and discount["until"] > due:
            discount["until"] = due
        amount = payment.get("amount")
        if isinstance(discount.get("amount"), int) and isinstance(amount, int) and discount["amount"] >= amount:
            if amount > 1:
                discount["amount"] = amount - 1
            else:
                boleto.pop("discount")


def boleto_payers(body):
    """boleto-payer.rules.ts: a boleto names its payer (boleto.payer, else the customer, which a
    generated customerId seldom is), with a name of two letters or more and a CPF/CNPJ whose check
    digits hold: a 422 otherwise, before anything is written."""
    for payment in body.get("payments") or []:
        if not isinstance(payment, dict) or payment.get("paymentMethod") != "boleto":
            continue
        boleto = payment.setdefault("boleto", {})
        if not isinstance(boleto, dict):
            continue
        payer = boleto.get("payer")
        if not isinstance(payer, dict):
            payer = boleto["payer"] = {}
        if not isinstance(payer.get("name"), str) or len(payer["name"].strip()) < 2:
            payer["name"] = "Maria Silva"
        payer["document"] = "529.982.247-25"


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


def chargeback_amount(body):
    """POST /sandbox/payments/{payId}/chargeback: at most the payment's amount not yet charged back
    or refunded (sandbox-payments.routes.ts), which no route reads by payment id; one cent is
    within it whenever the payment can be charged back at all."""
    if "amount" in body:
        body["amount"] = 1


def card_token(body):
    """A schema-valid card token is single use and never guessed: a fresh one of the company."""
    if "token" in body:
        body["token"] = fresh_card_token()


transaction = [active_owner, on_body(transaction_amounts), on_body(transaction_splits), on_body(transaction_cards), on_body(boleto_due_dates), on_body(boleto_terms), on_body(boleto_payers)]


def two_recipients(body):
    """POST /transfers: the two sides differ (the same recipient on both is a 400)."""
    if body.get("fromRecipientId") is not None and body.get("fromRecipientId") == body.get("toRecipientId"):
        body["toRecipientId"] = f"{body['toRecipientId']}x"


REPAIRS = {
    ("POST", "/payment-methods/cards"): [on_body(card_token)],
    ("POST", "/transactions"): transaction,
    ("POST", "/sandbox/payments/{payId}/chargeback"): [on_body(chargeback_amount)],
    ("POST", "/transfers"): [on_body(two_recipients)],
}

# Paying and cancelling end a pending transaction, so each has its own; approving and refusing
# end a pending refund, so each has its own too.
refund = {"id": "LASTRO_FUZZ_REFUND_ID"}
SEEDED = {
    ("GET", "/refunds/{id}"): refund,
    ("POST", "/refunds/{id}/approve"): refund,
    ("POST", "/refunds/{id}/refuse"): {"id": "LASTRO_FUZZ_REFUSED_REFUND_ID"},
    ("POST", "/transactions/{txnId}/payments/{payId}/refund"): {"txnId": "LASTRO_FUZZ_PAID_TRANSACTION_ID", "payId": "LASTRO_FUZZ_PAID_PAYMENT_ID"},
    ("POST", "/transactions/{id}/cancel"): {"id": "LASTRO_FUZZ_PENDING_TRANSACTION_ID"},
    ("POST", "/sandbox/payments/{payId}/pay"): {"payId": "LASTRO_FUZZ_PENDING_PAYMENT_ID"},
    ("POST", "/sandbox/payments/{payId}/chargeback"): {"payId": "LASTRO_FUZZ_CARD_PAYMENT_ID"},
}
