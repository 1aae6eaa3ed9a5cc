"""Schemathesis hooks for scripts/fuzz.sh (loaded through SCHEMATHESIS_HOOKS).

The OpenAPI document names a `format` where a value must pass a check digit that JSON Schema
cannot state (src/http/openapi.ts lists them). Here each such format gets a strategy that
generates valid values, so "schema-valid" data is valid for the API too. The checks are the
API's own (src/shared/documents.ts, src/payments/card.rules.ts); the generators below follow
the same published algorithms.
"""

import base64
import datetime
import json
import os
import re
import urllib.request

import schemathesis
from hypothesis import strategies as st

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


@schemathesis.hook
def map_body(context, body):
    """Test data, as the API key is: a well-formed companyId (public tokenization) names the
    stack's company, which a generated id never does. A malformed one is left to be refused."""
    company = os.environ.get("LASTRO_FUZZ_COMPANY_ID")
    if company and isinstance(body, dict) and isinstance(body.get("companyId"), str) and COMPANY_ID.fullmatch(body["companyId"]):
        return {**body, "companyId": company}
    return body


def fresh_card_token():
    """A single-use card token of the stack's company (a test card, as the browser SDK sends it)."""
    body = {
        "companyId": os.environ["LASTRO_FUZZ_COMPANY_ID"],
        "card": {"number": "4111111111111111", "holder": "Ana Souza", "document": "52998224725", "cvv": "123", "expiration": expiration(12)},
    }
    request = urllib.request.Request(
        os.environ["LASTRO_FUZZ_BASE_URL"] + "/v1/tokens/cards", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)["tokenId"]


@schemathesis.hook
def map_case(context, case):
    """Test data: a schema-valid card token is single use and never guessed, so a positive case
    of POST /payment-methods/cards gets a fresh one (negative cases keep what was generated)."""
    positive = case.meta is not None and not case.meta.generation.mode.is_negative
    if positive and case.method.upper() == "POST" and case.path == "/payment-methods/cards" and isinstance(case.body, dict) and "token" in case.body:
        case.body = {**case.body, "token": fresh_card_token()}
    return case
