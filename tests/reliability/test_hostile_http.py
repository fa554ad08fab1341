"""Hostile HTTP input, generated: schemathesis reads /api/openapi.json and throws valid and
invalid requests at every operation, as the tablet, as a phone, with a made-up token and
with none. Never a 500 or a traceback; every refusal a JSON error; and a refused request
changes nothing (every table's version, view, log and seats, the active table, the cards).

Short run: a few dozen requests per operation. Long run (``--long``): hundreds.
"""

from __future__ import annotations

from collections import Counter

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode

from tests.support.reliability.drive import record_part
from tests.support.reliability.hostile import check_reply, header
from tests.support.reliability.inprocess import (
    companion_app,
    fingerprint,
    new_table,
    phone_for,
    seat_token,
)
from web.openapi import spec

OPERATIONS = [(path, method.upper()) for path, item in spec()["paths"].items() for method in item]
FUZZ_STREAMS = {"heartbeat_s": 0.01, "max_age_s": 0.0}  # a stream answers and ends


def fuzz_operation(tmp_path, path: str, method: str, examples: int) -> Counter:
    seen: Counter = Counter()
    with companion_app(tmp_path, streams=FUZZ_STREAMS) as (service, app):
        tablet, made = new_table(app, "tally", ["Ann", "Bruno"])
        table_id = made["id"]
        tablet.act(table_id, {"type": "call_bids", "seat": 0})  # a secret round is open
        ann = seat_token(phone_for(app, made, 0), table_id)
        operation = schemathesis.openapi.from_wsgi("/api/openapi.json", app)[path][method]
        fixed = {"table_id": table_id} if "{table_id}" in path else None
        cases = st.one_of(
            operation.as_strategy(path_parameters=fixed),
            operation.as_strategy(generation_mode=GenerationMode.NEGATIVE, path_parameters=fixed),
            operation.as_strategy(),
        )
        tokens = st.sampled_from([made["admin_token"], ann, None, "A" * 43])

        @settings(
            max_examples=examples,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        @given(case=cases, token=tokens)
        def one(case, token):
            before = fingerprint(service)
            reply = case.call(headers={"Authorization": f"Bearer {token}"} if token else {})
            seen["requests"] += 1
            seen[str(reply.status_code)] += 1
            check_reply(
                reply.status_code, header(reply.headers, "content-type"), reply.content, path
            )
            if reply.status_code >= 400:
                assert fingerprint(service) == before, f"refused {case.body!r} changed state"

        one()
    return seen


@pytest.mark.parametrize("path, method", OPERATIONS)
def test_generated_requests_never_fail_and_refusals_change_nothing(tmp_path, path, method):
    seen = fuzz_operation(tmp_path, path, method, examples=20)
    record_part("hostile_http_short", f"{method} {path}", dict(seen))


@pytest.mark.long
@pytest.mark.parametrize("path, method", OPERATIONS)
def test_generated_requests_long(tmp_path, path, method):
    seen = fuzz_operation(tmp_path, path, method, examples=500)
    record_part("hostile_http_long", f"{method} {path}", dict(seen))
