"""Lists paged by cursor (src/http/pagination.ts): one cursor at a time, and not with a page
beyond the first. JSON Schema cannot say that two query parameters exclude each other, so a
positive case keeps the first cursor it was given and drops a page number past 1 beside it."""


def one_cursor(case):
    query = case.query
    if not isinstance(query, dict) or ("startingAfter" not in query and "endingBefore" not in query):
        return
    if "startingAfter" in query:
        query.pop("endingBefore", None)
    query.pop("page", None)
