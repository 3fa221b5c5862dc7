#!/usr/bin/env python3
"""The cache scenarios' backend: graphql-core executing Tests/CacheScenarioAPI/graphql/schema.graphqls.

The cache tests (Tests/CacheScenarioTests) need shapes the lottery's schema does not have, executed by a real
GraphQL implementation (null propagation, argument and input-field defaults, coercion): this server gives them,
with a small mutable data set and an admin API that changes the data, injects field errors, holds requests of an
operation until released, and counts requests.

    python3 Tests/ScenarioBackend/scenario_server.py --port 0
    LISTENING http://127.0.0.1:54321

POST /graphql        a GraphQL request (JSON body); answers application/json.
GET  /admin/stats    {"requests": {operationName: count}, "waiting": {operationName: count}}
POST /admin          one command per call, a JSON object:
    {"reset": true}                                   the data and the counters as at start
    {"setUserName": {"id": "1", "name": "..."}}       changes a user's name
    {"setGameRulesUrl": {"id": "g1", "url": "..."}}   changes a game's rulesUrl
    {"failKarma": ["1"]}                              these users' profile.karma fail (a field error)
    {"failStreet": ["1"]}                             these users' profile.address.street fail
    {"failName": ["2"]}                               these users' name fails
    {"hold": "OperationName"}                         requests of that operation wait before they run
    {"holdAfter": "OperationName"}                    requests of that operation run, then wait to answer
    {"releaseOne": "OperationName"}                   lets the oldest waiting request through (the hold stays)
    {"release": "OperationName"}                      lets every waiting request (and later ones) through
Standard library plus graphql-core (pinned in Tests/ReferenceBackend/requirements.txt).
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from graphql import GraphQLError, build_schema, graphql_sync

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
SCHEMA = REPO / "Tests" / "CacheScenarioAPI" / "graphql" / "schema.graphqls"

INITIAL = {
    "games": {
        "g1": {"id": "g1", "name": "Lotto", "logo": {"url": "https://img/g1.png", "width": 64},
               "rulesUrl": "https://rules/g1"},
        "g2": {"id": "g2", "name": "Keno", "logo": None, "rulesUrl": None},
    },
    "hero": {"name": "R2-D2", "friends": [{"name": "Luke", "friends": []}, {"name": "Leia", "friends": []}]},
    "users": {
        "1": {"id": "1", "name": "Alice", "friends": ["2"], "profile": {
            "karma": 10, "bio": "first", "address": {"street": "Main St", "city": "Springfield"}}},
        "2": {"id": "2", "name": "Bob", "friends": ["1", "3"], "profile": {
            "karma": 20, "bio": "second", "address": None}},
        "3": {"id": "3", "name": "Carol", "friends": ["2"], "profile": None},
    },
}


class State:
    """The data, the injected failures, the gates and the counters; one lock for all."""

    def __init__(self) -> None:
        self.lock = threading.Condition()
        self.reset()

    def reset(self) -> None:
        with self.lock:
            self.data = copy.deepcopy(INITIAL)
            self.fail_karma: set[str] = set()
            self.fail_street: set[str] = set()
            self.fail_name: set[str] = set()
            # operation -> "before" (wait before running) or "after" (run, then wait to answer)
            self.held: dict[str, str] = {}
            # operation -> the tickets of the requests waiting, oldest first
            self.tickets: dict[str, list[int]] = {}
            self.released: set[int] = set()
            self.next_ticket = 0
            self.requests: dict[str, int] = {}
            self.lock.notify_all()

    def count(self, operation: str) -> None:
        with self.lock:
            self.requests[operation] = self.requests.get(operation, 0) + 1

    def wait_if_held(self, operation: str, moment: str) -> None:
        """Waits while `operation` is held at `moment` ("before" or "after" running) and this request's ticket
        is not released."""
        with self.lock:
            if self.held.get(operation) != moment:
                return
            self.next_ticket += 1
            ticket = self.next_ticket
            self.tickets.setdefault(operation, []).append(ticket)
            while self.held.get(operation) == moment and ticket not in self.released:
                self.lock.wait(timeout=60)
            self.released.discard(ticket)
            if ticket in self.tickets.get(operation, []):
                self.tickets[operation].remove(ticket)

    def waiting(self) -> dict[str, int]:
        return {operation: len(tickets) for operation, tickets in self.tickets.items() if tickets}


STATE = State()


def build() -> Any:
    schema = build_schema(SCHEMA.read_text(encoding="utf-8"))
    query = schema.query_type
    mutation = schema.mutation_type

    def draws(_root, _info, gameId, last):  # noqa: N803 - GraphQL names
        count = 0 if last is None else max(0, last)
        return [{"id": f"{gameId}-{number}", "number": number} for number in range(20, 20 - count, -1)]

    def game(_root, _info, id):  # noqa: A002
        with STATE.lock:
            return copy.deepcopy(STATE.data["games"].get(id))

    def hero(_root, _info):
        with STATE.lock:
            return copy.deepcopy(STATE.data["hero"])

    def user(_root, _info, id):  # noqa: A002
        with STATE.lock:
            found = STATE.data["users"].get(id)
            return dict(found) if found else None

    def users(_root, _info, ids):
        with STATE.lock:
            return [dict(STATE.data["users"][i]) if i in STATE.data["users"] else None for i in ids]

    def echo(_root, _info, **arguments):
        return json.dumps(arguments, sort_keys=True, separators=(",", ":"))

    def rename_user(_root, _info, id, name):  # noqa: A002
        with STATE.lock:
            STATE.data["users"][id]["name"] = name
            return dict(STATE.data["users"][id])

    query.fields["draws"].resolve = draws
    query.fields["game"].resolve = game
    query.fields["hero"].resolve = hero
    query.fields["user"].resolve = user
    query.fields["users"].resolve = users
    query.fields["echo"].resolve = echo
    mutation.fields["renameUser"].resolve = rename_user

    user_type = schema.type_map["User"]

    def user_name(parent, _info):
        with STATE.lock:
            if parent["id"] in STATE.fail_name:
                raise GraphQLError(f"the name of user {parent['id']} cannot be read")
            return STATE.data["users"][parent["id"]]["name"]

    def user_friends(parent, _info):
        with STATE.lock:
            return [dict(STATE.data["users"][i]) for i in parent["friends"]]

    def user_profile(parent, _info):
        with STATE.lock:
            profile = STATE.data["users"][parent["id"]]["profile"]
            return None if profile is None else dict(profile, user=parent["id"])

    user_type.fields["name"].resolve = user_name
    user_type.fields["friends"].resolve = user_friends
    user_type.fields["profile"].resolve = user_profile

    profile_type = schema.type_map["Profile"]

    def karma(parent, _info):
        with STATE.lock:
            if parent["user"] in STATE.fail_karma:
                raise GraphQLError("the karma service is down")
            return parent["karma"]

    def address(parent, _info):
        return None if parent["address"] is None else dict(parent["address"], user=parent["user"])

    profile_type.fields["karma"].resolve = karma
    profile_type.fields["address"].resolve = address

    def street(parent, _info):
        with STATE.lock:
            if parent["user"] in STATE.fail_street:
                raise GraphQLError("the street cannot be read")
            return parent["street"]

    schema.type_map["Address"].fields["street"].resolve = street
    return schema


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    schema: Any = None

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass

    def send_json(self, status: int, body: Any) -> None:
        payload = json.dumps(body, separators=(",", ":")).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def body(self) -> Any:
        length = int(self.headers.get("Content-Length") or 0)
        return json.loads(self.rfile.read(length) or b"{}")

    def do_GET(self) -> None:  # noqa: N802
        if self.path == "/admin/stats":
            with STATE.lock:
                self.send_json(200, {"requests": dict(STATE.requests), "waiting": STATE.waiting()})
            return
        self.send_json(404, {"error": "not found"})

    def do_POST(self) -> None:  # noqa: N802
        if self.path == "/admin":
            self.admin(self.body())
            return
        if self.path != "/graphql":
            self.send_json(404, {"error": "not found"})
            return
        request = self.body()
        operation = request.get("operationName") or ""
        STATE.count(operation)
        STATE.wait_if_held(operation, "before")
        result = graphql_sync(self.schema, request.get("query", ""), variable_values=request.get("variables"),
                              operation_name=request.get("operationName"))
        STATE.wait_if_held(operation, "after")
        body: dict[str, Any] = {}
        if result.errors:
            body["errors"] = [error.formatted for error in result.errors]
        if result.data is not None or not result.errors:
            body["data"] = result.data
        self.send_json(200, body)

    def admin(self, command: dict[str, Any]) -> None:
        with STATE.lock:
            if command.get("reset"):
                STATE.lock.release()
                try:
                    STATE.reset()
                finally:
                    STATE.lock.acquire()
            elif "setUserName" in command:
                STATE.data["users"][command["setUserName"]["id"]]["name"] = command["setUserName"]["name"]
            elif "setGameRulesUrl" in command:
                STATE.data["games"][command["setGameRulesUrl"]["id"]]["rulesUrl"] = command["setGameRulesUrl"]["url"]
            elif "failKarma" in command:
                STATE.fail_karma = set(command["failKarma"])
            elif "failStreet" in command:
                STATE.fail_street = set(command["failStreet"])
            elif "failName" in command:
                STATE.fail_name = set(command["failName"])
            elif "hold" in command:
                STATE.held[command["hold"]] = "before"
            elif "holdAfter" in command:
                STATE.held[command["holdAfter"]] = "after"
            elif "releaseOne" in command:
                tickets = STATE.tickets.get(command["releaseOne"], [])
                if tickets:
                    STATE.released.add(tickets.pop(0))
                STATE.lock.notify_all()
            elif "release" in command:
                STATE.held.pop(command["release"], None)
                STATE.lock.notify_all()
            else:
                self.send_json(400, {"error": f"unknown command {sorted(command)}"})
                return
        self.send_json(200, {"ok": True})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--exit-on-stdin-eof", action="store_true",
                        help="exit when standard input closes (the test process went away)")
    options = parser.parse_args()
    Handler.schema = build()
    server = ThreadingHTTPServer((options.host, options.port), Handler)
    server.daemon_threads = True
    if options.exit_on_stdin_eof:
        def watch_stdin() -> None:
            sys.stdin.read()
            server.shutdown()
        threading.Thread(target=watch_stdin, daemon=True).start()
    print(f"LISTENING http://{options.host}:{server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
