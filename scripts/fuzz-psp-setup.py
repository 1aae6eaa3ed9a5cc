"""Token and test data of the embedded Pix PSP's conformance run (scripts/fuzz-psp.sh).

The token carries every scope the BCB document names for the operations under test (their
`security` requirements), asked for over OAuth2 client credentials as any client does. Then,
through the API and the PSP's own pay route, what a receiving user has: an ATIVA cob, a cobv, a
paid cob whose Pix has a devolução, and a webhook. The hooks (scripts/fuzz-psp-hooks.py) put
their ids in the path of positive cases, so reads and revisions reach past the lookup instead
of always answering 404.

Prints `NAME=value` lines for the shell to export; the scopes go to stderr.
Usage: fuzz-psp-setup.py <the PSP's JSON line> <BCB document> <operation path regex>
"""

import base64
import json
import re
import secrets
import sys
import urllib.error
import urllib.parse
import urllib.request

import yaml

info = json.loads(sys.argv[1])
with open(sys.argv[2], encoding="utf-8") as f:
    document = yaml.safe_load(f)
included = re.compile(sys.argv[3])

METHODS = {"get", "put", "post", "patch", "delete"}
scopes = sorted(
    {
        scope
        for path, item in document["paths"].items()
        if included.search(path)
        for method, operation in item.items()
        if method in METHODS
        for requirement in operation.get("security", document.get("security", []))
        for scope in requirement.get("OAuth2", [])
    }
)
if not scopes:
    sys.exit("fuzz-psp-setup: the document names no OAuth2 scope for the operations under test")

credentials = base64.b64encode(f"{info['clientId']}:{info['clientSecret']}".encode()).decode()
form = urllib.parse.urlencode({"grant_type": "client_credentials", "scope": " ".join(scopes)}).encode()
request = urllib.request.Request(info["tokenUrl"], data=form, method="POST", headers={"Authorization": f"Basic {credentials}", "Content-Type": "application/x-www-form-urlencoded"})
try:
    with urllib.request.urlopen(request, timeout=30) as response:
        token = json.load(response)["access_token"]
except urllib.error.HTTPError as error:
    sys.exit(f"fuzz-psp-setup: the token endpoint answered {error.code}: {error.read().decode()}")


def call(method, path, body=None, auth=True):
    headers = {"Content-Type": "application/json"}
    if auth:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(info["baseUrl"] + path, method=method, data=None if body is None else json.dumps(body).encode(), headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=30) as response:
            raw = response.read()
            return json.loads(raw) if raw else None
    except urllib.error.HTTPError as error:
        sys.exit(f"fuzz-psp-setup: {method} {path} answered {error.code}: {error.read().decode()}")


def txid():
    return secrets.token_hex(16)


CHAVE = "5f84a4c5-c5cb-4599-9f13-7eb4d419dacc"
DEVEDOR = {"cpf": "12345678909", "nome": "Francisco da Silva"}

active = txid()
call("PUT", f"/cob/{active}", {"calendario": {"expiracao": 86400}, "devedor": DEVEDOR, "valor": {"original": "37.00"}, "chave": CHAVE})
cobv = txid()
call("PUT", f"/cobv/{cobv}", {"calendario": {"dataDeVencimento": "2099-12-31"}, "devedor": DEVEDOR, "valor": {"original": "123.45"}, "chave": CHAVE})
paid = txid()
call("PUT", f"/cob/{paid}", {"calendario": {"expiracao": 86400}, "valor": {"original": "100.00"}, "chave": CHAVE})
e2eid = call("POST", f"/embedded/cob/{paid}/pay", {"callback": "never"}, auth=False)["endToEndId"]
devolucao = "fuzz" + secrets.token_hex(8)
call("PUT", f"/pix/{e2eid}/devolucao/{devolucao}", {"valor": "1.00"})
# Nothing listens there: a callback (the devolução's outcome) fails and is retried in the
# background; the run only reads the webhook.
call("PUT", f"/webhook/{urllib.parse.quote(CHAVE)}", {"webhookUrl": "https://127.0.0.1:9/pix"})

# Pix Automático: an approved recurrence with a charge scheduled within the window (2 to 10 days
# before its due date), a recurrence still waiting with a request at the payer's bank, a location.
import datetime  # noqa: E402

brasilia_today = (datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(hours=3)).date()
REC = {"vinculo": {"contrato": "fuzz-1", "devedor": DEVEDOR, "objeto": "Assinatura"}, "calendario": {"dataInicial": brasilia_today.isoformat(), "periodicidade": "MENSAL"}, "politicaRetentativa": "PERMITE_3R_7D"}
approved = call("POST", "/rec", REC)["idRec"]
call("POST", f"/embedded/rec/{approved}/approve", {"jornada": "JORNADA_2"}, auth=False)
cobr = txid()
call("PUT", f"/cobr/{cobr}", {"idRec": approved, "calendario": {"dataDeVencimento": (brasilia_today + datetime.timedelta(days=5)).isoformat()}, "valor": {"original": "49.90"}, "ajusteDiaUtil": True, "recebedor": {"conta": "123456", "tipoConta": "CORRENTE", "agencia": "0001"}})
waiting = call("POST", "/rec", REC)["idRec"]
expires = (datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days=2)).isoformat().replace("+00:00", "Z")
solicrec = call("POST", "/solicrec", {"idRec": waiting, "calendario": {"dataExpiracaoSolicitacao": expires}, "destinatario": {"conta": "550689", "ispbParticipante": "99999005", "agencia": "2569", "cpf": DEVEDOR["cpf"]}})["idSolicRec"]
locrec = call("POST", "/locrec")["id"]
call("PUT", "/webhookrec", {"webhookUrl": "https://127.0.0.1:9/rec"})
call("PUT", "/webhookcobr", {"webhookUrl": "https://127.0.0.1:9/cobr"})

print(f"fuzz-psp: token scopes {' '.join(scopes)}", file=sys.stderr)
for name, value in {
    "FUZZ_PSP_TOKEN": token,
    "FUZZ_PSP_COB_TXID": active,
    "FUZZ_PSP_COBV_TXID": cobv,
    "FUZZ_PSP_E2EID": e2eid,
    "FUZZ_PSP_DEVOLUCAO_ID": devolucao,
    "FUZZ_PSP_CHAVE": CHAVE,
    "FUZZ_PSP_REC_ID": approved,
    "FUZZ_PSP_SOLICREC_ID": solicrec,
    "FUZZ_PSP_COBR_TXID": cobr,
    "FUZZ_PSP_LOCREC_ID": str(locrec),
}.items():
    print(f"{name}={value}")
