#!/usr/bin/env python3
"""The lottery reference backend: the whole contract (contract/README.md, lottery.graphqls) over HTTP.

REST under /api/v1/ and GraphQL at POST /graphql (GET for queries; automatic persisted queries with --apq, trusted
documents with --trusted-documents), both served from one data set
(Sources/LotteryBackend/Resources/dataset.json). Standard library plus graphql-core 3.3.2.

    python3 Tests/ReferenceBackend/server.py --port 0
    LISTENING http://127.0.0.1:54321

See Tests/ReferenceBackend/README.md for the options, the injected differences and the edge cases.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import importlib.util
import json
import os
import select
import signal
import socket
import sys
import threading
import time
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
DEFAULT_DATASET = REPO / "Sources" / "LotteryBackend" / "Resources" / "dataset.json"
DEFAULT_SCHEMA = REPO / "Sources" / "LotteryBackend" / "Resources" / "lottery.graphqls"
EXIT_MISSING_GRAPHQL_CORE = 3
EXIT_BAD_DATA = 2

sys.path.insert(0, str(HERE))

if importlib.util.find_spec("graphql") is None:
    print("reference backend: graphql-core is not installed for " + sys.executable
          + "; install graphql-core: run scripts/python-env.sh and use the python it prints", file=sys.stderr)
    sys.exit(EXIT_MISSING_GRAPHQL_CORE)

from lottery_data import (  # noqa: E402
    INJECTED_DIFFERENCES,
    INT64_MAX,
    INT64_MIN,
    Dataset,
    DatasetError,
    Favorites,
    RestRenderer,
)
from lottery_graphql import GraphQLOptions, GraphQLService  # noqa: E402
from lottery_realtime import DrawClock, RealtimeHub  # noqa: E402

GRAPHQL_RESPONSE_JSON = "application/graphql-response+json"
APPLICATION_JSON = "application/json"
MAX_BODY_BYTES = 1 << 20


class BadRequest(Exception):
    """A REST parameter is invalid (HTTP 400, code BAD_REQUEST)."""


class NotFound(Exception):
    """A REST entity or path does not exist (HTTP 404, code NOT_FOUND)."""


class InjectedFailure(Exception):
    """A write refused on purpose (--fail-mutations): HTTP 500, code INTERNAL, nothing changed."""


def parse_accept(header: str | None) -> str:
    """Picks the GraphQL response media type from an Accept header."""
    if not header:
        return APPLICATION_JSON
    weights: dict[str, float] = {}
    for position, part in enumerate(header.split(",")):
        pieces = [piece.strip() for piece in part.split(";")]
        media_type = pieces[0].lower()
        quality = 1.0
        for parameter in pieces[1:]:
            name, _, value = parameter.partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value.strip())
                except ValueError:
                    quality = 0.0
        # Earlier entries win ties; a tiny penalty by position keeps that order.
        weights[media_type] = max(weights.get(media_type, -1.0), quality - position * 1e-6)
    graphql_response = weights.get(GRAPHQL_RESPONSE_JSON, -1.0)
    plain = max(weights.get(APPLICATION_JSON, -1.0), weights.get("application/*", -1.0) - 1e-3,
                weights.get("*/*", -1.0) - 2e-3)
    if graphql_response > 0 and graphql_response >= plain:
        return GRAPHQL_RESPONSE_JSON
    return APPLICATION_JSON


def parse_int_param(name: str, text: str, low: int, high: int) -> int:
    if not text or not (text.isdigit() or (text[0] == "-" and text[1:].isdigit())):
        raise BadRequest(f"{name} must be an integer, got {text!r}")
    value = int(text)
    if not low <= value <= high:
        raise BadRequest(f"{name} must be between {low} and {high}, got {value}")
    return value


class LotteryServer(ThreadingHTTPServer):
    """The HTTP server with the data set, the renderers and the options."""

    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128  # a comparison run opens many connections at once

    def __init__(self, address, options: argparse.Namespace, dataset: Dataset, graphql_service: GraphQLService,
                 trusted: dict[str, str] | None = None):
        super().__init__(address, LotteryHandler)
        self.options = options
        self.dataset = dataset
        self.rest = RestRenderer(dataset, inject_differences=options.inject_differences)
        self.graphql = graphql_service
        self.favorites = Favorites()
        self.persisted = PersistedQueries(options.apq, trusted)
        self.hub = RealtimeHub()
        self.clock = DrawClock(dataset, self.hub)


class PersistedQueries:
    """The persisted-query protocols of the contract: Apollo's automatic persisted queries (--apq: an id alone runs
    the document stored under it) and trusted documents (--trusted-documents MANIFEST: only the manifest's
    documents run, by id or in full)."""

    CAPACITY = 10_000

    def __init__(self, automatic: bool, trusted: dict[str, str] | None) -> None:
        self.automatic = automatic
        self.trusted = trusted
        self.stored: dict[str, str] = {}
        self.lock = threading.Lock()

    @property
    def enabled(self) -> bool:
        return self.automatic or self.trusted is not None

    def resolve(self, query: str | None, persisted: Any) -> tuple[str, str | None, str | None]:
        """("run", document, None), ("refuse", message, code) or ("invalid", message, None)."""
        if persisted is None:
            if query is None:
                return "invalid", "the request has no query string", None
            if self.trusted is not None and sha256(query) not in self.trusted:
                return "refuse", "PersistedQueryNotInList", "PERSISTED_QUERY_NOT_IN_LIST"
            return "run", query, None
        if not isinstance(persisted, dict):
            return "invalid", "extensions.persistedQuery must be an object", None
        if not self.enabled:
            if query is not None:
                return "run", query, None
            return "refuse", "PersistedQueryNotSupported", "PERSISTED_QUERY_NOT_SUPPORTED"
        version = persisted.get("version")
        if version != 1 or isinstance(version, bool):
            return "invalid", "Unsupported persisted query version: extensions.persistedQuery.version must be 1", None
        digest = persisted.get("sha256Hash")
        if not isinstance(digest, str) or len(digest) != 64 or any(c not in "0123456789abcdef" for c in digest):
            return "invalid", "extensions.persistedQuery.sha256Hash must be 64 lowercase hexadecimal digits", None
        if query is not None and sha256(query) != digest:
            return "invalid", "provided sha does not match query", None
        if self.trusted is not None:
            document = self.trusted.get(digest)
            if document is None:
                if query is None:
                    return "refuse", "PersistedQueryNotFound", "PERSISTED_QUERY_NOT_FOUND"
                return "refuse", "PersistedQueryNotInList", "PERSISTED_QUERY_NOT_IN_LIST"
            return "run", document, None
        with self.lock:
            if query is not None:
                if digest not in self.stored and len(self.stored) < self.CAPACITY:
                    self.stored[digest] = query
                return "run", query, None
            document = self.stored.get(digest)
        if document is None:
            return "refuse", "PersistedQueryNotFound", "PERSISTED_QUERY_NOT_FOUND"
        return "run", document, None


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def load_trusted_documents(path: Path | None) -> dict[str, str] | None:
    """The documents of an Apollo persisted-query manifest, by id; ValueError when it is not one."""
    if path is None:
        return None
    manifest = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(manifest, dict) or manifest.get("format") != "apollo-persisted-query-manifest" \
            or manifest.get("version") != 1 or not isinstance(manifest.get("operations"), list):
        raise ValueError(f"{path}: not an Apollo persisted-query manifest (format, version 1, operations)")
    documents: dict[str, str] = {}
    for index, operation in enumerate(manifest["operations"]):
        identifier = operation.get("id") if isinstance(operation, dict) else None
        body = operation.get("body") if isinstance(operation, dict) else None
        if not isinstance(identifier, str) or not isinstance(body, str):
            raise ValueError(f"{path}: operations[{index}] needs a string id and body")
        if sha256(body) != identifier:
            raise ValueError(f"{path}: operations[{index}].id is not the SHA-256 of its body")
        documents[identifier] = body
    return documents


class LotteryHandler(BaseHTTPRequestHandler):
    """One HTTP request: routes to REST or GraphQL."""

    protocol_version = "HTTP/1.1"
    server_version = "LotteryReferenceBackend/1.0"
    server: LotteryServer

    # --- plumbing ---------------------------------------------------------------------------

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        if self.server.options.verbose:
            sys.stderr.write(f"[reference backend] {self.address_string()} {format % args}\n")
            sys.stderr.flush()

    def send_json(self, status: int, body: Any, content_type: str = APPLICATION_JSON,
                  headers: dict[str, str] | None = None) -> None:
        payload = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", f"{content_type}; charset=utf-8")
        self.send_header("Content-Length", str(len(payload)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(payload)

    def send_multipart(self, payloads: list[dict[str, Any]], fmt: str) -> None:
        """An incrementally delivered result: multipart/mixed (boundary "-"), one JSON part per payload, each
        --incremental-delay-ms after the one before; the connection closes at the end."""
        spec = "deferSpec=20220824" if fmt == "apollo" else "incrementalSpec=v0.2"
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", f'multipart/mixed; boundary="-"; {spec}')
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        self.wfile.write(b"\r\n---")
        for index, payload in enumerate(payloads):
            if index > 0 and self.server.options.incremental_delay_ms:
                time.sleep(self.server.options.incremental_delay_ms / 1000)
            part = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
            closing = b"--\r\n" if index == len(payloads) - 1 else b""
            self.wfile.write(b"\r\ncontent-type: application/json; charset=utf-8\r\n\r\n" + part + b"\r\n---" + closing)
            self.wfile.flush()

    def read_body(self) -> bytes | None:
        length_header = self.headers.get("Content-Length")
        if length_header is None:
            if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
                return self.read_chunked()
            return b""
        try:
            length = int(length_header)
        except ValueError:
            return None
        if length < 0 or length > MAX_BODY_BYTES:
            return None
        return self.rfile.read(length)

    def read_chunked(self) -> bytes | None:
        chunks = []
        total = 0
        while True:
            size_line = self.rfile.readline(1024).strip()
            try:
                size = int(size_line.split(b";")[0], 16)
            except ValueError:
                return None
            if size == 0:
                while self.rfile.readline(1024).strip():
                    pass
                return b"".join(chunks)
            total += size
            if total > MAX_BODY_BYTES:
                return None
            chunks.append(self.rfile.read(size))
            self.rfile.readline(8)

    def authorized(self) -> bool:
        tokens = self.server.options.token
        if not tokens:
            return True
        return self.headers.get("Authorization", "") in {f"Bearer {token}" for token in tokens}

    def caller(self) -> str | None:
        """Whose favourites a request reads and writes: its bearer token, or None (one shared set) when the
        server requires no token."""
        if not self.server.options.token:
            return None
        return self.headers.get("Authorization", "")[len("Bearer "):]

    def prepare(self) -> None:
        delay = self.server.options.delay_ms
        if delay:
            time.sleep(delay / 1000.0)

    # --- methods ----------------------------------------------------------------------------

    def do_GET(self) -> None:  # noqa: N802 - http.server's naming
        self.dispatch()

    def do_HEAD(self) -> None:  # noqa: N802
        self.dispatch()

    def do_POST(self) -> None:  # noqa: N802
        self.dispatch()

    def do_PUT(self) -> None:  # noqa: N802
        self.dispatch()

    def do_DELETE(self) -> None:  # noqa: N802
        self.dispatch()

    def do_PATCH(self) -> None:  # noqa: N802
        self.dispatch()

    def do_OPTIONS(self) -> None:  # noqa: N802
        self.dispatch()

    def dispatch(self) -> None:
        path = urlsplit(self.path).path
        try:
            self.prepare()
            if path == "/graphql" or path == "/graphql/":
                self.handle_graphql()
            elif path.startswith("/__control/") and self.server.options.control:
                self.handle_control(path)
            elif path.startswith("/api/v1/") or path == "/api/v1":
                self.handle_rest()
            else:
                # Drain a body so the connection stays usable.
                if self.command in ("POST", "PUT", "PATCH"):
                    self.read_body()
                self.send_rest_error(HTTPStatus.NOT_FOUND, "NOT_FOUND", f"no route {path}")
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True
        except Exception as error:  # noqa: BLE001 - a server bug must still answer
            sys.stderr.write(f"[reference backend] internal error on {self.command} {self.path}: {error!r}\n")
            try:
                self.send_rest_error(HTTPStatus.INTERNAL_SERVER_ERROR, "INTERNAL", f"internal error: {error}")
            except OSError:
                self.close_connection = True

    # --- REST -------------------------------------------------------------------------------

    def send_rest_error(self, status: int, code: str, message: str, headers: dict[str, str] | None = None) -> None:
        self.send_json(status, {"status": "error", "error": {"code": code, "message": message}}, headers=headers)

    def handle_rest(self) -> None:
        if self.command in ("POST", "PUT", "PATCH"):
            self.read_body()
        if not self.authorized():
            self.send_rest_error(HTTPStatus.UNAUTHORIZED, "UNAUTHORIZED", "missing or wrong bearer token",
                                 headers={"WWW-Authenticate": 'Bearer realm="lottery"'})
            return
        parts = urlsplit(self.path)
        segments = [unquote(segment) for segment in parts.path[len("/api/v1/"):].split("/")]
        if segments and segments[-1] == "":
            segments.pop()
        is_favorite_path = len(segments) == 3 and segments[0] == "games" and segments[2] == "favorite"
        if is_favorite_path and self.command not in ("PUT", "DELETE"):
            self.send_rest_error(HTTPStatus.BAD_REQUEST, "BAD_REQUEST",
                                 f"method {self.command} is not allowed on a favourite: PUT or DELETE",
                                 headers={"Allow": "PUT, DELETE"})
            return
        if not is_favorite_path and self.command not in ("GET", "HEAD"):
            self.send_rest_error(HTTPStatus.BAD_REQUEST, "BAD_REQUEST",
                                 f"method {self.command} is not allowed: the REST API is read-only (GET) "
                                 "except PUT / DELETE /games/{game_id}/favorite",
                                 headers={"Allow": "GET, HEAD"})
            return
        query = parse_qs(parts.query, keep_blank_values=True)
        try:
            if is_favorite_path:
                result = self.write_favorite(segments[1], favorite=self.command == "PUT")
            else:
                result = self.route_rest(segments, query)
        except BadRequest as error:
            self.send_rest_error(HTTPStatus.BAD_REQUEST, "BAD_REQUEST", str(error))
            return
        except NotFound as error:
            self.send_rest_error(HTTPStatus.NOT_FOUND, "NOT_FOUND", str(error))
            return
        except InjectedFailure as error:
            self.send_rest_error(HTTPStatus.INTERNAL_SERVER_ERROR, "INTERNAL", str(error))
            return
        self.send_json(HTTPStatus.OK, {"status": "ok", "result": result})

    def write_favorite(self, game_id: str, favorite: bool) -> Any:
        """PUT (favorite) / DELETE (not) /games/{game_id}/favorite: idempotent; returns the game as it is now."""
        game = self.server.dataset.games.get(game_id)
        if game is None:
            raise NotFound(f"no game {game_id}")
        if self.server.options.fail_mutations:
            raise InjectedFailure(f"injected failure of every write (--fail-mutations): {self.command} favorite of "
                                  f"game {game_id} was not applied")
        caller = self.caller()
        self.server.favorites.set(caller, game_id, favorite)
        return self.server.rest.game(game, favorite=self.server.favorites.contains(caller, game_id))

    def route_rest(self, segments: list[str], query: dict[str, list[str]]) -> Any:
        dataset = self.server.dataset
        rest = self.server.rest
        favorites = self.server.favorites.of(self.caller())

        def single(name: str) -> str | None:
            values = query.get(name)
            if not values:
                return None
            if len(values) > 1:
                raise BadRequest(f"{name} is given {len(values)} times")
            return values[0]

        def game_or_404(game_id: str) -> dict[str, Any]:
            game = dataset.games.get(game_id)
            if game is None:
                raise NotFound(f"no game {game_id}")
            return game

        match segments:
            case ["games"]:
                type_text = single("type")
                type_code = None if type_text is None else parse_int_param("type", type_text, INT64_MIN, INT64_MAX)
                active_text = single("active")
                if active_text not in (None, "0", "1"):
                    raise BadRequest(f"active must be 0 or 1, got {active_text!r}")
                games = dataset.list_games(type_code=type_code, active_only=active_text != "0")
                return [rest.game(game, favorite=game["id"] in favorites) for game in games]
            case ["games", game_id]:
                game = game_or_404(game_id)
                return rest.game(game, favorite=game["id"] in favorites)
            case ["games", game_id, "draws"]:
                limit_text = single("limit")
                limit = 10 if limit_text is None else parse_int_param("limit", limit_text, 1, 100)
                before_text = single("before")
                before = (None if before_text is None
                          else parse_int_param("before", before_text, INT64_MIN, INT64_MAX))
                game = game_or_404(game_id)
                return [rest.draw(draw) for draw in dataset.list_draws(game["id"], limit, before)]
            case ["games", game_id, "draws", number_text]:
                game = game_or_404(game_id)
                number = parse_int_param("draw_number", number_text, INT64_MIN, INT64_MAX)
                draw = dataset.draws.get((game["id"], number))
                if draw is None:
                    raise NotFound(f"no draw {number} of game {game_id}")
                return rest.draw(draw)
            case ["images", image_id]:
                image = dataset.images.get(image_id)
                if image is None:
                    raise NotFound(f"no image {image_id}")
                return rest.image(image)
            case _:
                raise NotFound(f"no endpoint /api/v1/{'/'.join(segments)}")

    # --- GraphQL ----------------------------------------------------------------------------

    def send_graphql_errors(self, status: int, media_type: str, message: str,
                            headers: dict[str, str] | None = None) -> None:
        self.send_json(status, {"errors": [{"message": message}]}, content_type=media_type, headers=headers)

    def handle_graphql(self) -> None:
        media_type = parse_accept(self.headers.get("Accept"))
        body = self.read_body() if self.command in ("POST", "PUT", "PATCH") else b""
        wants_stream = "text/event-stream" in (self.headers.get("Accept") or "").lower()
        if wants_stream:
            self.server.hub.record(self.bearer_token(), self.authorized())
        if not self.authorized():
            self.send_graphql_errors(HTTPStatus.UNAUTHORIZED, media_type, "missing or wrong bearer token",
                                     headers={"WWW-Authenticate": 'Bearer realm="lottery"'})
            return
        if self.command == "GET":
            request = self.graphql_get_parameters(media_type)
        elif self.command == "POST":
            request = self.graphql_post_parameters(media_type, body)
        else:
            self.send_graphql_errors(HTTPStatus.METHOD_NOT_ALLOWED, media_type,
                                     f"method {self.command} is not supported: POST a GraphQL request "
                                     "(or GET a query)", headers={"Allow": "GET, POST"})
            return
        if request is None:
            return
        query = request.get("query")
        if query is not None and (not isinstance(query, str) or not query.strip()):
            message = "query must be a string" if not isinstance(query, str) else "the request has no query string"
            self.send_graphql_errors(HTTPStatus.BAD_REQUEST, media_type, message)
            return
        variables = request.get("variables")
        if variables is not None and not isinstance(variables, dict):
            self.send_graphql_errors(HTTPStatus.BAD_REQUEST, media_type, "variables must be a JSON object")
            return
        operation_name = request.get("operationName")
        if operation_name is not None and not isinstance(operation_name, str):
            self.send_graphql_errors(HTTPStatus.BAD_REQUEST, media_type, "operationName must be a string")
            return
        extensions = request.get("extensions")
        if extensions is not None and not isinstance(extensions, dict):
            self.send_graphql_errors(HTTPStatus.BAD_REQUEST, media_type, "extensions must be a JSON object")
            return
        persisted = (extensions or {}).get("persistedQuery")
        verdict, text, code = self.server.persisted.resolve(query, persisted)
        if verdict == "invalid":
            self.send_graphql_errors(HTTPStatus.BAD_REQUEST, media_type, text)
            return
        if verdict == "refuse":
            # 200, as Apollo's servers answer it: the client sends the document next (or reports the id).
            self.send_json(HTTPStatus.OK, {"errors": [{"message": text, "extensions": {"code": code}}]},
                           content_type=media_type)
            return
        if wants_stream:
            failure, document = self.server.graphql.prepare_subscription(text, operation_name)
            if failure is not None:
                self.send_json(HTTPStatus.BAD_REQUEST, failure.body, content_type=APPLICATION_JSON)
                return
            if document is not None:
                asyncio.run(self.stream_subscription(document, variables, operation_name))
                return
        if self.command == "GET" and self.server.graphql.operation_type(text, operation_name) == "mutation":
            self.send_graphql_errors(HTTPStatus.METHOD_NOT_ALLOWED, media_type,
                                     "mutations are POST only: POST this request", headers={"Allow": "POST"})
            return
        incremental = self.server.options.incremental
        accept = (self.headers.get("Accept") or "").lower()
        if incremental is not None and "multipart/mixed" in accept:
            apollo, current = "deferspec=20220824" in accept, "incrementalspec" in accept
            fmt = "apollo" if apollo and not current else "current" if current and not apollo else incremental
            payloads = self.server.graphql.run_incrementally(
                text, variables, operation_name, fmt, favorites=self.server.favorites, caller=self.caller(),
                read_only=self.command == "GET")
            if payloads is not None:
                self.send_multipart(payloads, fmt)
                return
        outcome = self.server.graphql.run(text, variables, operation_name, favorites=self.server.favorites,
                                          caller=self.caller())
        status = HTTPStatus.BAD_REQUEST if outcome.request_error and media_type == GRAPHQL_RESPONSE_JSON \
            else HTTPStatus.OK
        headers = {}
        max_age = self.server.options.cache_max_age
        if max_age is not None and outcome.operation_type == "query":
            # Only executed queries: never a mutation's answer, never a request error.
            headers["Cache-Control"] = f"max-age={max_age}"
        self.send_json(status, outcome.body, content_type=media_type, headers=headers)

    def graphql_post_parameters(self, media_type: str, body: bytes | None) -> dict[str, Any] | None:
        """The JSON body of a POST, or None after answering an error."""
        if body is None:
            self.send_graphql_errors(HTTPStatus.BAD_REQUEST, media_type, "the request body is missing or too large")
            return None
        content_type = self.headers.get("Content-Type", "").split(";")[0].strip().lower()
        if content_type not in ("application/json", ""):
            self.send_graphql_errors(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, media_type,
                                     f"Content-Type must be application/json, got {content_type!r}")
            return None
        try:
            request = json.loads(body.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            self.send_graphql_errors(HTTPStatus.BAD_REQUEST, media_type, f"the request body is not JSON: {error}")
            return None
        if not isinstance(request, dict):
            self.send_graphql_errors(HTTPStatus.BAD_REQUEST, media_type, "the request body must be a JSON object")
            return None
        if request.get("query") is None and (request.get("extensions") or {}) == {}:
            self.send_graphql_errors(HTTPStatus.BAD_REQUEST, media_type, "the request has no query string")
            return None
        return request

    def graphql_get_parameters(self, media_type: str) -> dict[str, Any] | None:
        """The URL query parameters of a GET (variables and extensions as JSON), or None after answering an error."""
        parameters = parse_qs(urlsplit(self.path).query, keep_blank_values=True)
        request: dict[str, Any] = {}
        for name in ("query", "operationName", "variables", "extensions"):
            values = parameters.get(name)
            if not values:
                continue
            if len(values) > 1:
                self.send_graphql_errors(HTTPStatus.BAD_REQUEST, media_type, f"the {name} parameter is given twice")
                return None
            if name in ("variables", "extensions"):
                try:
                    request[name] = json.loads(values[0])
                except json.JSONDecodeError as error:
                    self.send_graphql_errors(HTTPStatus.BAD_REQUEST, media_type,
                                             f"the {name} parameter is not JSON: {error}")
                    return None
            else:
                request[name] = values[0]
        if request.get("query") is None and not isinstance(request.get("extensions"), dict):
            self.send_graphql_errors(HTTPStatus.BAD_REQUEST, media_type, "the request has no query string")
            return None
        return request


    # --- GraphQL over Server-Sent Events (graphql-sse, distinct connections) ------------------------

    def bearer_token(self) -> str | None:
        header = self.headers.get("Authorization", "")
        return header[len("Bearer "):] if header.startswith("Bearer ") else None

    def client_closed(self) -> bool:
        """Whether the client has closed its side (a subscription's stream ends when it does)."""
        try:
            readable, _, _ = select.select([self.connection], [], [], 0)
            return bool(readable) and self.connection.recv(1, socket.MSG_PEEK) == b""
        except OSError:
            return True

    def write_event(self, text: str) -> None:
        self.wfile.write(text.encode("utf-8"))
        self.wfile.flush()

    async def stream_subscription(self, document, variables, operation_name) -> None:
        """Runs a subscription with graphql-core's subscribe and streams its results as `next` events, with a
        comment as heartbeat while quiet, until the client closes the connection or the stream is dropped."""
        result = await self.server.graphql.subscribe(document, variables, operation_name,
                                                     favorites=self.server.favorites, caller=self.caller(),
                                                     hub=self.server.hub)
        if not hasattr(result, "__anext__"):
            # The source stream could not be made: the errors, as a request error.
            self.send_json(HTTPStatus.BAD_REQUEST, {"errors": [error.formatted for error in result.errors or []]})
            return
        self.close_connection = True
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.flush()
        connection = self.connection

        def drop() -> None:
            try:
                connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

        stream_id = self.server.hub.register_stream(drop)
        heartbeat = self.server.options.heartbeat_ms / 1000.0
        pending = None
        try:
            while True:
                pending = asyncio.ensure_future(result.__anext__())
                quiet = 0.0
                while True:
                    done, _ = await asyncio.wait({pending}, timeout=0.05)
                    if done:
                        break
                    if self.client_closed():
                        return
                    quiet += 0.05
                    if quiet >= heartbeat:
                        self.write_event(":\n\n")
                        quiet = 0.0
                try:
                    execution = pending.result()
                except StopAsyncIteration:
                    self.write_event("event: complete\ndata:\n\n")
                    return
                pending = None
                self.write_event("event: next\ndata: " + json.dumps(execution.formatted, ensure_ascii=False,
                                                                     separators=(",", ":")) + "\n\n")
        except (BrokenPipeError, ConnectionResetError, OSError):
            return
        finally:
            if pending is not None:
                pending.cancel()
            try:
                await result.aclose()
            except Exception:  # noqa: BLE001 - the stream is ending anyway
                pass
            self.server.hub.unregister_stream(stream_id)

    # --- test controls (--control) --------------------------------------------------------------

    def handle_control(self, path: str) -> None:
        """`POST /__control/advance?gameId=ID` moves the game's draws on one step (the changed draws, in order);
        `GET /__control/state` counts the open subscriptions and lists the stream requests; `POST
        /__control/drop` drops every open stream."""
        if self.command in ("POST", "PUT", "PATCH"):
            self.read_body()
        query = parse_qs(urlsplit(self.path).query)
        if path == "/__control/advance" and self.command == "POST":
            draws = self.server.clock.advance((query.get("gameId") or [""])[0])
            self.send_json(HTTPStatus.OK, {"draws": draws})
        elif path == "/__control/state":
            self.send_json(HTTPStatus.OK, self.server.hub.state())
        elif path == "/__control/drop" and self.command == "POST":
            self.send_json(HTTPStatus.OK, {"dropped": self.server.hub.drop_streams()})
        else:
            self.send_rest_error(HTTPStatus.NOT_FOUND, "NOT_FOUND", f"no control {self.command} {path}")


# --- startup --------------------------------------------------------------------------------


def parse_options(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="The lottery reference backend (REST + GraphQL).")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=0, help="port; 0 picks a free one (default 0)")
    parser.add_argument("--token", action="append", default=None,
                        help="require 'Authorization: Bearer TOKEN' on both APIs (401 otherwise); repeat it to "
                             "accept several tokens, each with its own favourites")
    parser.add_argument("--cache-max-age", type=int, default=None, metavar="N",
                        help="send 'Cache-Control: max-age=N' with GraphQL query responses (never mutations)")
    parser.add_argument("--apq", action="store_true",
                        help="accept Apollo's automatic persisted queries (extensions.persistedQuery): an id alone "
                             "runs the document stored under it, PersistedQueryNotFound until one is")
    parser.add_argument("--trusted-documents", type=Path, default=None, metavar="MANIFEST",
                        help="run only the documents of this Apollo persisted-query manifest (by id or in full); "
                             "any other document gets PersistedQueryNotInList")
    parser.add_argument("--fail-mutations", action="store_true",
                        help="every write fails: GraphQL mutations with a field error, REST PUT/DELETE with 500")
    parser.add_argument("--long-as-string", action="store_true",
                        help="serialize GraphQL Long values as decimal strings")
    parser.add_argument("--dataset", type=Path, default=DEFAULT_DATASET, help=f"data set (default {DEFAULT_DATASET})")
    parser.add_argument("--schema", type=Path, default=DEFAULT_SCHEMA, help=f"GraphQL SDL (default {DEFAULT_SCHEMA})")
    parser.add_argument("--inject-differences", action="store_true",
                        help="make the two APIs disagree on a fixed, documented set of values")
    parser.add_argument("--fail-graphql-for", metavar="GAME_ID", default=None,
                        help="GraphQL field errors for game(id:), draws(gameId:) and draw(gameId:) of this game")
    parser.add_argument("--delay-ms", type=int, default=0, help="latency added to every request, in milliseconds")
    parser.add_argument("--verbose", action="store_true", help="log requests to stderr")
    parser.add_argument("--incremental", choices=["current", "apollo"], default=None,
                        help="declare @defer and @stream and answer them incrementally over multipart/mixed, in the "
                             "draft's current format or Apollo's of 2022 (default: not at all)")
    parser.add_argument("--incremental-delay-ms", type=int, default=0, metavar="N",
                        help="milliseconds between the parts of an incremental result (default 0)")
    parser.add_argument("--draw-interval-ms", type=int, default=None, metavar="N",
                        help="advance every active game's draws each N ms (the draw clock; drawUpdated publishes)")
    parser.add_argument("--heartbeat-ms", type=int, default=15000, metavar="N",
                        help="a comment on a quiet subscription stream each N ms (default 15000)")
    parser.add_argument("--control", action="store_true",
                        help="serve the test controls under /__control/ (advance the clock, count, drop streams)")
    parser.add_argument("--exit-on-stdin-eof", action="store_true",
                        help="exit when standard input is closed (the parent process went away)")
    parser.add_argument("--print-schema", action="store_true",
                        help="print the server's schema (with its extra enum values) and exit")
    options = parser.parse_args(argv)
    if options.cache_max_age is not None and options.cache_max_age < 0:
        parser.error("--cache-max-age must not be negative")
    if options.delay_ms < 0:
        parser.error("--delay-ms must not be negative")
    if options.draw_interval_ms is not None and options.draw_interval_ms <= 0:
        parser.error("--draw-interval-ms must be positive")
    if options.heartbeat_ms <= 0:
        parser.error("--heartbeat-ms must be positive")
    if not 0 <= options.port <= 65535:
        parser.error("--port must be 0...65535")
    return options


def main(argv: list[str] | None = None) -> int:
    options = parse_options(argv)
    try:
        dataset = Dataset.load(options.dataset)
        sdl = options.schema.read_text(encoding="utf-8")
        service = GraphQLService(sdl, dataset, GraphQLOptions(long_as_string=options.long_as_string,
                                                              inject_differences=options.inject_differences,
                                                              fail_game=options.fail_graphql_for,
                                                              fail_mutations=options.fail_mutations,
                                                              incremental=options.incremental))
        trusted = load_trusted_documents(options.trusted_documents)
    except (DatasetError, OSError, ValueError) as error:
        print(f"reference backend: {error}", file=sys.stderr)
        return EXIT_BAD_DATA
    if options.print_schema:
        from graphql import print_schema

        print(print_schema(service.schema))
        return 0
    if options.fail_graphql_for is not None and options.fail_graphql_for not in dataset.games:
        print(f"reference backend: warning: --fail-graphql-for {options.fail_graphql_for}: no such game",
              file=sys.stderr)

    try:
        server = LotteryServer((options.host, options.port), options, dataset, service, trusted)
    except OSError as error:
        print(f"reference backend: cannot listen on {options.host}:{options.port}: {error}", file=sys.stderr)
        return 1

    stop = threading.Event()

    def request_stop(*_args: Any) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, request_stop)
    signal.signal(signal.SIGINT, request_stop)
    if options.exit_on_stdin_eof:
        stdin_fd = sys.stdin.fileno()

        def watch_stdin() -> None:
            # os.read on the raw descriptor: a daemon thread blocked in a buffered read would abort
            # the interpreter at exit.
            try:
                while os.read(stdin_fd, 4096):
                    pass
            except OSError:
                pass
            stop.set()

        threading.Thread(target=watch_stdin, name="stdin-watch", daemon=True).start()

    serving = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, name="http", daemon=True)
    serving.start()
    if options.draw_interval_ms is not None:
        server.clock.start(options.draw_interval_ms / 1000.0)

    if options.inject_differences:
        print("reference backend: --inject-differences: the APIs disagree on:", file=sys.stderr)
        for difference in INJECTED_DIFFERENCES:
            print(f"  - {difference.describe()}", file=sys.stderr)
    if options.fail_graphql_for is not None:
        print(f"reference backend: --fail-graphql-for {options.fail_graphql_for}: its GraphQL queries fail",
              file=sys.stderr)
    sys.stderr.flush()
    host, port = server.server_address[:2]
    shown_host = f"[{host}]" if ":" in host else host
    print(f"LISTENING http://{shown_host}:{port}", flush=True)

    while not stop.wait(0.1):
        pass
    server.clock.stop()
    server.hub.drop_streams()
    server.shutdown()
    server.server_close()
    if options.verbose:
        print("reference backend: stopped", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
