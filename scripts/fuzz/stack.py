"""The fuzz stack as the repairs reach it (its URL, key and company come from scripts/fuzz.sh),
and what repairs of every domain share.

Rules JSON Schema cannot state (aggregates, order, uniqueness by key) and state the generator
cannot know (what a stored resource holds): a positive case is made to follow them the way a
merchant's request would, so "schema-valid" means valid for the API; negative cases are left
as generated. Each repair names the API rule it follows.
"""

import importlib.util
import json
import os
import re
import urllib.error
import urllib.parse
import urllib.request

from .generators import expiration

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


def whole(value):
    """An integer as JSON Schema reads one (1.0 included)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == int(value)


def on_body(repair):
    """A repair of the JSON body (cases without one are left alone)."""
    return lambda case: repair(case.body) if isinstance(case.body, dict) else None


def with_body(repair):
    """A repair of a case that has a JSON body."""
    return lambda case: repair(case) if isinstance(case.body, dict) else None


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


throwaways = iter(range(10**8, 10**9))


seed_module = None


def seed():
    """scripts/fuzz-seed.py, for the owner it makes."""
    global seed_module
    if seed_module is None:
        scripts = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        spec = importlib.util.spec_from_file_location("fuzz_seed", os.path.join(scripts, "fuzz-seed.py"))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        seed_module = module
    return seed_module
