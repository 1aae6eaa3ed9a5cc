"""Customers: the document follows its type, stored or sent."""

from .generators import VALID_DOCUMENTS, document_fits
from .stack import api, on_body, path_id, with_body

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


REPAIRS = {
    ("POST", "/customers"): [on_body(new_customer_document)],
    ("PUT", "/customers/{id}"): [with_body(customer_document)],
}

SEEDED = {}
