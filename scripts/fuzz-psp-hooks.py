"""Schemathesis hooks of the embedded Pix PSP's conformance run (scripts/fuzz-psp.sh, loaded
through SCHEMATHESIS_HOOKS), against the BCB API Pix document 2.9.0.

- Positive cases of operations on one charge, Pix, devolução or webhook name the ones
  scripts/fuzz-psp-setup.py made, so they are checked past the lookup (a generated id names
  nothing and always answers 404). Negative cases keep what was generated.
- Where the document contradicts itself, the PSP follows the side named below, (a) to (f) as in
  docs/processors.md, "Conformance": two checks are dropped for exactly the answers concerned,
  four slips are corrected in the document as loaded (the file is never written). Every other
  failure fails the run.
"""

import os
import re
import secrets
import sys

import schemathesis
from schemathesis.openapi.checks import JsonSchemaError, UndefinedStatusCode

# Loaded as a file: the package beside it (scripts/fuzz/) is made importable.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzz.one_parse  # noqa: E402,F401  (one ast.parse at a time on affected CPythons)

# --- test data --------------------------------------------------------------------------------

SEEDED = {
    "/cob/{txid}": {"txid": "FUZZ_PSP_COB_TXID"},
    "/cobv/{txid}": {"txid": "FUZZ_PSP_COBV_TXID"},
    "/pix/{e2eid}": {"e2eid": "FUZZ_PSP_E2EID"},
    "/pix/{e2eid}/devolucao/{id}": {"e2eid": "FUZZ_PSP_E2EID", "id": "FUZZ_PSP_DEVOLUCAO_ID"},
    "/webhook/{chave}": {"chave": "FUZZ_PSP_CHAVE"},
    "/rec/{idRec}": {"idRec": "FUZZ_PSP_REC_ID"},
    "/solicrec/{idSolicRec}": {"idSolicRec": "FUZZ_PSP_SOLICREC_ID"},
    "/cobr/{txid}": {"txid": "FUZZ_PSP_COBR_TXID"},
    "/cobr/{txid}/retentativa/{data}": {"txid": "FUZZ_PSP_COBR_TXID"},
    "/locrec/{id}": {"id": "FUZZ_PSP_LOCREC_ID"},
}
# A PUT makes a new charge or devolução under a generated txid or id; the seeded one would
# only be revised (or, for a devolução, refused as a different body under a used id).
KEEP_GENERATED = {("PUT", "/cob/{txid}"): {"txid"}, ("PUT", "/cobv/{txid}"): {"txid"}, ("PUT", "/cobr/{txid}"): {"txid"}, ("PUT", "/pix/{e2eid}/devolucao/{id}"): {"id"}}
# The document's TxId pattern, `[a-zA-Z0-9]{26,35}`, is unanchored, so a generated "valid" txid
# mostly carries other characters around it, which the PSP refuses (the pattern's intent).
TXID = re.compile(r"[a-zA-Z0-9]{26,35}")
# `chave` is any string of up to 77 characters in the document; the PSP takes only a DICT key
# (CPF, CNPJ, phone, e-mail or EVP) of the receiving user, which a generated one never is.
WITH_CHAVE = {"/cob/{txid}", "/cobv/{txid}"}


@schemathesis.hook
def map_case(context, case):
    if case.meta is None or case.meta.generation.mode.is_negative:
        return case
    key = (case.method.upper(), case.path)
    names = {name: var for name, var in SEEDED.get(case.path, {}).items() if name not in KEEP_GENERATED.get(key, set())}
    if names:
        case.path_parameters = {**(case.path_parameters or {}), **{name: os.environ[var] for name, var in names.items()}}
    txid = (case.path_parameters or {}).get("txid")
    if key in KEEP_GENERATED and isinstance(txid, str) and not TXID.fullmatch(txid):
        case.path_parameters = {**case.path_parameters, "txid": secrets.token_hex(16)}
    if case.path in WITH_CHAVE and isinstance(case.body, dict) and "chave" in case.body:
        case.body = {**case.body, "chave": os.environ["FUZZ_PSP_CHAVE"]}
    return case


# --- (a), (b): checks dropped for exactly the answers concerned -------------------------------


def scheme_less_location(failure):
    """(a) `location` (PayloadLocation, CobGerada…) is declared `format: uri`, yet the same
    property's own `example` and every charge example of the document carry it without a scheme
    (`pix.example.com/qr/v2/…`), as the BR Code manual requires: the payer's PSP adds `https://`.
    The PSP answers it without a scheme; only this format check, on a `location`, is dropped."""
    return (
        isinstance(failure, JsonSchemaError)
        and failure.schema_path
        and failure.schema_path[-1] == "format"
        and failure.instance_path
        and failure.instance_path[-1] == "location"
        and isinstance(failure.instance, str)
        and "://" not in failure.instance
    )


# The error type the catalogue names, with HTTP 400, for a query of these operations.
QUERY_ERRORS = {
    ("GET", "/cob/{txid}"): "CobConsultaInvalida",
    ("GET", "/cobv/{txid}"): "CobVConsultaInvalida",
    ("GET", "/pix"): "PixConsultaInvalida",
    ("GET", "/rec"): "RecConsultaInvalida",
    ("GET", "/rec/{idRec}"): "RecConsultaInvalida",
    ("GET", "/cobr"): "CobRConsultaInvalida",
    ("GET", "/locrec"): "PayloadLocationRecConsultaInvalida",
}


def catalogued_query_error(failure, case, response):
    """(b) The error catalogue names `CobConsultaInvalida`/`CobVConsultaInvalida` (HTTP 400) for
    `GET /cob{,v}/{txid}` ("o parâmetro revisao corresponde a uma revisão inexistente") and
    `PixConsultaInvalida` (HTTP 400) for `GET /pix` (a parameter off its schema, `fim` before
    `inicio`, `cpf` with `cnpj`…), while those operations list only 200, 403, (404,) 503. No
    listed status means "this query is invalid" (404 would say the charge does not exist), so
    the PSP follows the catalogue; the undocumented-status check is dropped for exactly those
    answers: status 400 carrying the type the catalogue names for that operation. The same holds
    for the Pix Automático lists `GET /rec`, `GET /cobr` and `GET /locrec` (`RecConsultaInvalida`,
    `CobRConsultaInvalida`, `PayloadLocationRecConsultaInvalida`), and for `GET /rec/{idRec}`
    whose `txid` names no charge compatible with the recurrence (`RecConsultaInvalida`)."""
    tipo = QUERY_ERRORS.get((case.method.upper(), case.path))
    if tipo is None or not isinstance(failure, UndefinedStatusCode) or response.status_code != 400:
        return False
    try:
        body = response.json()
    except ValueError:
        return False
    return isinstance(body, dict) and body.get("type") == f"https://pix.bcb.gov.br/api/v2/error/{tipo}"


@schemathesis.hook
def filter_failure(context, failure, case, response):
    return not (scheme_less_location(failure) or catalogued_query_error(failure, case, response))


# --- (c) to (f): slips corrected in the document as loaded ------------------------------------


def corrected(node, fix):
    """Applies `fix` (True when it changed the object) to every object of the document; how many it changed."""
    if isinstance(node, dict):
        return int(fix(node)) + sum(corrected(v, fix) for v in list(node.values()))
    if isinstance(node, list):
        return sum(corrected(v, fix) for v in node)
    return 0


SLASHED_PATTERN = re.compile(r"^/(\^.*\$)/$")


def unslashed_pattern(node):
    """(c) CPF (`PessoaFisica`, `CPF`…) and `codMun` patterns are written with a JavaScript
    literal's slashes, `/^\\d{11}$/`, which no string matches as a JSON Schema pattern: no CPF
    would ever be valid, against the property's description and every example (`12345678909`).
    The slashes go."""
    m = SLASHED_PATTERN.match(node["pattern"]) if isinstance(node.get("pattern"), str) else None
    if m:
        node["pattern"] = m.group(1)
    return m is not None


WIDE_TXID = {"pattern": "[a-zA-Z0-9]{1,35}"}


def widened_txid(node):
    """(f) A received Pix's txid (and the GET /pix filter) is `allOf: [TxId, {pattern:
    [a-zA-Z0-9]{1,35}}]`: meant to widen TxId's 26-35 characters to the 1-35 a static BR Code's
    txid may have, but allOf only narrows, so it still says 26-35. The wider pattern is kept."""
    if node.get("allOf") != [{"$ref": "#/components/schemas/TxId"}, WIDE_TXID]:
        return False
    del node["allOf"]
    node.update({"type": "string", **WIDE_TXID})
    return True


ADDRESS = ["logradouro", "cidade", "uf", "cep"]


@schemathesis.hook
def before_load_schema(context, raw_schema):
    """Each correction first checks that its slip is there, so a corrected release of the
    document fails the run here instead of being changed unseen."""
    schemas = raw_schema["components"]["schemas"]
    assert corrected(raw_schema, unslashed_pattern) > 0, "fuzz-psp-hooks: no /…/ pattern left in the document: drop correction (c)"
    # (d) DadosRecebedor requires the receiver's address on the charge itself; the same list
    # inside `recebedor` is where the cobv example cobResponse4 carries it, as the PSP does.
    recebedor = schemas["DadosRecebedor"]
    assert recebedor.get("required") == ADDRESS, "fuzz-psp-hooks: DadosRecebedor changed: review correction (d)"
    del recebedor["required"]
    # (e) PixConsultados requires `cobs`, a property it does not define; the list it defines
    # (and its example getPix1 carries) is `pix`.
    consultados = schemas["PixConsultados"]
    assert "cobs" in consultados["required"] and "cobs" not in consultados["properties"], "fuzz-psp-hooks: PixConsultados changed: review correction (e)"
    consultados["required"] = ["pix" if name == "cobs" else name for name in consultados["required"]]
    assert corrected(raw_schema, widened_txid) > 0, "fuzz-psp-hooks: no allOf [TxId, 1-35] left in the document: drop correction (f)"
    # (g) RecBase requires `retentativa`, a property it does not define; the policy every
    # recurrence carries (RecConfiguracao, and every rec example) is `politicaRetentativa`.
    rec_base = schemas["RecBase"]
    assert "retentativa" in rec_base["required"] and "retentativa" not in rec_base["properties"], "fuzz-psp-hooks: RecBase changed: review correction (g)"
    rec_base["required"] = [name for name in rec_base["required"] if name != "retentativa"]
    # (h) DadosPagadorRec requires `ispbParticipante` beside `pagador`, where it defines it inside
    # `pagador` (as getRec1 carries it); a recurrence not yet approved has no payer at all.
    pagador_rec = schemas["DadosPagadorRec"]
    assert pagador_rec.get("required") == ["ispbParticipante"] and "ispbParticipante" not in pagador_rec["properties"], "fuzz-psp-hooks: DadosPagadorRec changed: review correction (h)"
    del pagador_rec["required"]
    # (i) SolicRecBase requires `pagador`, which it does not define: the payer it names is
    # `destinatario` (required too, and in solicRecBody1/solicRecResponse1).
    solic_base = schemas["SolicRecBase"]
    assert "pagador" in solic_base["required"] and "pagador" not in solic_base["properties"], "fuzz-psp-hooks: SolicRecBase changed: review correction (i)"
    solic_base["required"] = [name for name in solic_base["required"] if name != "pagador"]
    # (j) SolicRecCompleta requires `rec`, which it does not define; the recurrence it carries
    # (and solicRecResponse1 shows) is `recPayload`.
    solic = schemas["SolicRecCompleta"]
    assert solic.get("required") == ["rec"], "fuzz-psp-hooks: SolicRecCompleta changed: review correction (j)"
    solic["required"] = ["recPayload"]
    # (k) An `encerramento` (RecEncerramento, CobRAtualizacao) is oneOf a `rejeicao` and a
    # `cancelamento` branch, neither requiring its property, so every object matches both and
    # oneOf refuses all of them, the document's own examples too. Each branch requires its one.
    assert corrected(raw_schema, exclusive_closing) > 0, "fuzz-psp-hooks: no encerramento oneOf left without required: drop correction (k)"


def exclusive_closing(node):
    """(k): a oneOf of single-property branches without `required` gets each its property required."""
    branches = node.get("oneOf")
    if not isinstance(branches, list) or len(branches) < 2:
        return False
    names = [list(b.get("properties", {})) for b in branches if isinstance(b, dict)]
    if len(names) != len(branches) or any(len(n) != 1 or "required" in b for n, b in zip(names, branches)) or {n[0] for n in names} != {"rejeicao", "cancelamento"}:
        return False
    for n, b in zip(names, branches):
        b["required"] = n
    return True
