"""Events: the stream (GET /v1/events/stream, what `lastro listen` reads) answers until its
?timeout= seconds are up (300 by default), so every case, negative ones included, asks for one
second unless the timeout is the value under test (out of range or not a number): no case waits
for a stream longer than the fuzzer's request timeout."""

STREAM_PATHS = ("/events/stream", "/v1/events/stream")
TIMEOUT_RANGE = (1, 3600)


def accepted_timeout(value):
    """Whether the API could take this ?timeout=: a whole number of seconds within the range as
    JavaScript's Number() reads it (zod's coerce), so 0x10 and a one-item list count too."""
    if isinstance(value, list):
        return len(value) == 1 and accepted_timeout(value[0])
    text = str(value).strip()
    try:
        number = float(int(text, 0)) if text[:2].lower() in ("0x", "0o", "0b") else float(text)
    except ValueError:
        return False
    return number == number and number not in (float("inf"), float("-inf")) and number == int(number) and TIMEOUT_RANGE[0] <= number <= TIMEOUT_RANGE[1]


def short_stream(case):
    if case.method.upper() != "GET" or case.path not in STREAM_PATHS:
        return
    query = dict(case.query or {})
    if "timeout" not in query or accepted_timeout(query["timeout"]):
        query["timeout"] = 1
        case.query = query


REPAIRS = {}

SEEDED = {}
