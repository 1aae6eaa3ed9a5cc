"""Generators of valid values for the formats src/http/openapi.ts names where a value must pass
a check JSON Schema cannot state. The checks are the API's own (src/shared/documents.ts,
src/payments/card.rules.ts); the generators follow the same published algorithms, so
"schema-valid" data is valid for the API too.
"""

import base64
import datetime
import os
import re

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

FORMATS = {
    "cpf": cpf,
    "cnpj": cnpj,
    "cpf-cnpj": st.one_of(cpf, cnpj),
    "card-number": card_number,
    "card-expiration": card_expiration,
    "card-holder": card_holder,
    "webhook-url": webhook_url,
    "kyc-image": kyc_image,
    "kyc-document": kyc_document,
    "public-https-url": public_https_url,
    "http-url": http_url,
}


def document_fits(kind, document):
    bare = re.sub(r"[^0-9A-Za-z]", "", document).upper()
    if kind == "cpf":
        return len(bare) == 11 and bare.isdigit() and len(set(bare)) > 1 and cpf_from([int(c) for c in bare[:9]]) == bare
    if kind == "cnpj":
        return len(bare) == 14 and bare.isdigit() and len(set(bare)) > 1 and cnpj_from([int(c) for c in bare[:12]]) == bare
    return 6 <= len(bare) <= 20


# Alphanumeric CNPJs pass the API too; the generator's numeric ones are enough here.
VALID_DOCUMENTS = {"cpf": "52998224725", "cnpj": "11222333000181", "passport": "FZ123456"}
