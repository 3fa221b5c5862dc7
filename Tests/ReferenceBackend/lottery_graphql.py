"""The GraphQL side of the reference backend, on graphql-core 3.3.

The schema is built from the SDL file with build_schema; enum values that the data set uses but the
SDL does not declare (a "newer server": SCRATCH, POSTPONED) are added to the server's own copy with
extend_schema, so a client generated from the original SDL sees values it does not know.
"""

from __future__ import annotations

import asyncio
import copy
import inspect
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from graphql import (
    GraphQLEnumType,
    GraphQLError,
    GraphQLObjectType,
    GraphQLScalarType,
    GraphQLSchema,
    GraphQLSyntaxError,
    IntValueNode,
    StringValueNode,
    build_schema,
    execute_sync,
    extend_schema,
    get_operation_ast,
    parse,
    specified_directives,
    subscribe,
    validate,
)
from graphql.execution import ExperimentalIncrementalExecutionResults, experimental_execute_incrementally
from graphql.type import GraphQLDeferDirective, GraphQLStreamDirective

from lottery_data import (
    GRAPHQL_NAME_SUFFIX,
    INJECTED_NAME_GAME,
    INJECTED_SWAP_DRAW,
    INT64_MAX,
    INT64_MIN,
    Dataset,
    Favorites,
    draw_id,
)

DECIMAL_PATTERN = re.compile(r"^-?(0|[1-9][0-9]*)$")
DATE_TIME_PATTERN = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$")
MAX_SAFE_FLOAT_INTEGER = 2**53


@dataclass(frozen=True)
class GraphQLOptions:
    """Per-server behaviour of the GraphQL API."""

    long_as_string: bool = False
    inject_differences: bool = False
    fail_game: str | None = None
    fail_mutations: bool = False
    # "current" or "apollo": declare @defer and @stream and answer them incrementally; None serves the SDL as it is.
    incremental: str | None = None


@dataclass
class GraphQLOutcome:
    """The result of one GraphQL request: the response body and whether it was a request error."""

    body: dict[str, Any]
    request_error: bool
    # "query", "mutation" or "subscription" for an executed operation; None for a request error.
    operation_type: str | None = None


# --- scalars ----------------------------------------------------------------------------------


def _long_from_int(value: int) -> int:
    if not INT64_MIN <= value <= INT64_MAX:
        raise GraphQLError(f"Long cannot represent {value}: outside the 64-bit signed range.")
    return value


def _long_from_input(value: Any) -> int:
    if isinstance(value, bool):
        raise GraphQLError(f"Long cannot represent a Boolean: {value!r}.")
    if isinstance(value, int):
        return _long_from_int(value)
    if isinstance(value, float):
        if value.is_integer() and abs(value) <= MAX_SAFE_FLOAT_INTEGER:
            return int(value)
        raise GraphQLError(f"Long cannot represent the non-integer or imprecise number {value!r}.")
    if isinstance(value, str) and DECIMAL_PATTERN.match(value):
        return _long_from_int(int(value))
    raise GraphQLError(f"Long cannot represent {value!r}: expected an integer or a decimal string.")


def _long_from_literal(node: Any, _variables: Any = None) -> int:
    if isinstance(node, (IntValueNode, StringValueNode)) and DECIMAL_PATTERN.match(node.value):
        value = int(node.value)
        if not INT64_MIN <= value <= INT64_MAX:
            raise GraphQLError(f"Long cannot represent {value}: outside the 64-bit signed range.", node)
        return value
    raise GraphQLError("Long cannot represent a literal that is not an integer or a decimal string.", node)


def _make_long_output(as_string: bool):
    def serialize(value: Any) -> Any:
        number = _long_from_input(value)
        return str(number) if as_string else number

    return serialize


def _date_time_output(value: Any) -> str:
    if isinstance(value, datetime):
        if value.tzinfo is None:
            raise GraphQLError("DateTime cannot represent a date without a time zone.")
        return value.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    if isinstance(value, str) and DATE_TIME_PATTERN.match(value):
        return value
    raise GraphQLError(f"DateTime cannot represent {value!r}.")


def _date_time_input(value: Any) -> str:
    if isinstance(value, str) and DATE_TIME_PATTERN.match(value):
        try:
            datetime.strptime(value, "%Y-%m-%dT%H:%M:%SZ")
        except ValueError as error:
            raise GraphQLError(f"DateTime cannot represent {value!r}: {error}.") from error
        return value
    raise GraphQLError(f"DateTime cannot represent {value!r}: expected yyyy-MM-ddTHH:mm:ssZ.")


def _date_time_literal(node: Any, _variables: Any = None) -> str:
    if isinstance(node, StringValueNode):
        return _date_time_input(node.value)
    raise GraphQLError("DateTime cannot represent a non-string literal.", node)


def _install_scalar(scalar: GraphQLScalarType, output, value_input, literal_input) -> None:
    # graphql-core 3.3 reads coerce_*; the 3.2-style names are set too for other 3.x versions.
    scalar.serialize = output  # type: ignore[method-assign]
    scalar.parse_value = value_input  # type: ignore[method-assign]
    scalar.parse_literal = literal_input  # type: ignore[method-assign]
    if hasattr(scalar, "coerce_output_value"):
        scalar.coerce_output_value = output
        scalar.coerce_input_value = value_input
        scalar.coerce_input_literal = lambda node: literal_input(node)


# --- resolvers --------------------------------------------------------------------------------


def _context(info) -> dict[str, Any]:
    return info.context


def _check_failure(info, game_id: str) -> None:
    fail_game = _context(info)["options"].fail_game
    if fail_game is not None and game_id == fail_game:
        raise GraphQLError(f"injected failure for game {game_id} (--fail-graphql-for)",
                           extensions={"code": "INTERNAL"})


def _resolve_game(_root, info, id: str):  # noqa: A002 - the schema's argument name
    _check_failure(info, id)
    return _context(info)["dataset"].games.get(id)


def _resolve_games(_root, info, type: str | None = None, activeOnly: bool | None = True):  # noqa: A002, N803
    dataset: Dataset = _context(info)["dataset"]
    return dataset.list_games(type_name=type, active_only=activeOnly is not False)


def _resolve_draws(_root, info, gameId: str, last: int | None = 10, before: int | None = None):  # noqa: N803
    _check_failure(info, gameId)
    limit = 10 if last is None else last
    if not 1 <= limit <= 100:
        raise GraphQLError(f"last must be between 1 and 100, got {limit}", extensions={"code": "BAD_REQUEST"})
    return _context(info)["dataset"].list_draws(gameId, limit, before)


def _resolve_draw(_root, info, gameId: str, number: int):  # noqa: N803
    _check_failure(info, gameId)
    return _context(info)["dataset"].draws.get((gameId, number))


def _resolve_image(_root, info, id: str):  # noqa: A002
    return _context(info)["dataset"].images.get(id)


def _resolve_game_is_favorite(game, info):
    context = _context(info)
    return context["favorites"].contains(context["caller"], game["id"])


def _resolve_set_favorite(_root, info, gameId: str, favorite: bool):  # noqa: N803
    context = _context(info)
    if context["options"].fail_mutations:
        raise GraphQLError("injected failure of every mutation (--fail-mutations)", extensions={"code": "INTERNAL"})
    game = context["dataset"].games.get(gameId)
    if game is None:
        raise GraphQLError(f"no game {gameId}", extensions={"code": "NOT_FOUND"})
    context["favorites"].set(context["caller"], gameId, favorite)
    return game


def _resolve_game_name(game, info):
    if _context(info)["options"].inject_differences and game["id"] == INJECTED_NAME_GAME:
        return game["name"] + GRAPHQL_NAME_SUFFIX
    return game["name"]


def _resolve_game_logo(game, info):
    return None if game["logo"] is None else _context(info)["dataset"].images.get(game["logo"])


def _resolve_game_next_draw(game, info):
    number = game["nextDraw"]
    return None if number is None else _context(info)["dataset"].draws.get((game["id"], number))


def _resolve_game_last_draw(game, info):
    number = game["lastDraw"]
    return None if number is None else _context(info)["dataset"].draws.get((game["id"], number))


def _resolve_draw_id(draw, _info):
    return draw_id(draw)


def _resolve_winning_numbers(draw, info):
    numbers = list(draw["winningNumbers"])
    if (_context(info)["options"].inject_differences and (draw["gameId"], draw["number"]) == INJECTED_SWAP_DRAW
            and len(numbers) >= 2):
        numbers[0], numbers[1] = numbers[1], numbers[0]
    return numbers


def _ledger_resolver(field: str):
    def resolve(draw, _info):
        if draw["ledgerDown"]:
            raise GraphQLError(f"prize ledger unavailable for draw {draw_id(draw)}: {field} is unknown",
                               extensions={"code": "LEDGER_UNAVAILABLE"})
        return draw[field]

    return resolve


async def _subscribe_draw_updated(_root, info, gameId: str):  # noqa: N803
    """The source stream of `drawUpdated`: the clock's changes to this game's draws, from now on."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue = asyncio.Queue()
    hub = _context(info)["hub"]
    subscription = hub.subscribe(gameId, lambda draw: loop.call_soon_threadsafe(queue.put_nowait, draw))
    try:
        while True:
            yield await queue.get()
    finally:
        hub.unsubscribe(subscription)


def _resolve_draw_updated(draw, _info, gameId: str):  # noqa: N803
    return draw


# --- schema -----------------------------------------------------------------------------------


def build_lottery_schema(sdl: str, dataset: Dataset, options: GraphQLOptions) -> GraphQLSchema:
    """The server's schema: the SDL, extended with the data set's unknown enum values, resolvers attached."""
    schema = build_schema(sdl)
    game_types, draw_statuses = dataset.referenced_enum_values()
    extensions = []
    for enum_name, values in (("GameType", game_types), ("DrawStatus", draw_statuses)):
        enum_type = schema.get_type(enum_name)
        if not isinstance(enum_type, GraphQLEnumType):
            raise ValueError(f"the SDL has no enum {enum_name}")
        missing = sorted(values - set(enum_type.values))
        if missing:
            extensions.append(f"extend enum {enum_name} {{ {' '.join(missing)} }}")
    if extensions:
        schema = extend_schema(schema, parse("\n".join(extensions)))
    if options.incremental is not None:
        schema = GraphQLSchema(
            query=schema.query_type, mutation=schema.mutation_type, subscription=schema.subscription_type,
            types=list(schema.type_map.values()),
            directives=[*specified_directives, GraphQLDeferDirective, GraphQLStreamDirective],
            description=schema.description)

    long_type = schema.get_type("Long")
    date_time_type = schema.get_type("DateTime")
    if not isinstance(long_type, GraphQLScalarType) or not isinstance(date_time_type, GraphQLScalarType):
        raise ValueError("the SDL must declare the scalars Long and DateTime")
    _install_scalar(long_type, _make_long_output(options.long_as_string), _long_from_input, _long_from_literal)
    _install_scalar(date_time_type, _date_time_output, _date_time_input, _date_time_literal)

    resolvers = {
        "Query": {"game": _resolve_game, "games": _resolve_games, "draws": _resolve_draws,
                  "draw": _resolve_draw, "image": _resolve_image},
        "Mutation": {"setFavorite": _resolve_set_favorite},
        "Game": {"name": _resolve_game_name, "isFavorite": _resolve_game_is_favorite, "logo": _resolve_game_logo, "nextDraw": _resolve_game_next_draw,
                 "lastDraw": _resolve_game_last_draw},
        "Draw": {"id": _resolve_draw_id, "winningNumbers": _resolve_winning_numbers,
                 "prizePool": _ledger_resolver("prizePool"), "superPrize": _ledger_resolver("superPrize")},
    }
    for type_name, fields in resolvers.items():
        object_type = schema.get_type(type_name)
        if not isinstance(object_type, GraphQLObjectType):
            raise ValueError(f"the SDL has no object type {type_name}")
        for field_name, resolver in fields.items():
            if field_name not in object_type.fields:
                raise ValueError(f"the SDL has no field {type_name}.{field_name}")
            object_type.fields[field_name].resolve = resolver
    subscription_type = schema.get_type("Subscription")
    if isinstance(subscription_type, GraphQLObjectType) and "drawUpdated" in subscription_type.fields:
        subscription_type.fields["drawUpdated"].subscribe = _subscribe_draw_updated
        subscription_type.fields["drawUpdated"].resolve = _resolve_draw_updated
    return schema


class GraphQLService:
    """Runs GraphQL requests against the data set."""

    def __init__(self, sdl: str, dataset: Dataset, options: GraphQLOptions) -> None:
        self.dataset = dataset
        self.options = options
        self.schema = build_lottery_schema(sdl, dataset, options)

    def operation_type(self, query: str, operation_name: str | None) -> str | None:
        """"query", "mutation" or "subscription" for the operation the request would run; None when the document
        does not parse or has no such operation (running it then reports why)."""
        try:
            operation = get_operation_ast(parse(query), operation_name)
        except GraphQLSyntaxError:
            return None
        return None if operation is None else operation.operation.value
    def prepare_subscription(self, query: str, operation_name: str | None):
        """(request error outcome, None), (None, None) when the document is valid but not a subscription, or
        (None, document) for a subscription to stream."""
        try:
            document = parse(query)
        except GraphQLSyntaxError as error:
            return GraphQLOutcome({"errors": [error.formatted]}, request_error=True), None
        validation_errors = validate(self.schema, document)
        if validation_errors:
            return GraphQLOutcome({"errors": [error.formatted for error in validation_errors]},
                                  request_error=True), None
        operation = get_operation_ast(document, operation_name)
        if operation is None or operation.operation.value != "subscription":
            return None, None
        return None, document

    async def subscribe(self, document, variables: dict[str, Any] | None, operation_name: str | None,
                        favorites: Favorites, caller: str | None, hub):
        """graphql-core's subscribe: an async iterator of execution results, or an execution result with the
        errors that prevented it."""
        context = {"dataset": self.dataset, "options": self.options, "favorites": favorites, "caller": caller,
                   "hub": hub}
        result = subscribe(self.schema, document, context_value=context, variable_values=variables,
                           operation_name=operation_name)
        if inspect.isawaitable(result):
            result = await result
        return result

    def run(self, query: str, variables: dict[str, Any] | None, operation_name: str | None,
            favorites: Favorites | None = None, caller: str | None = None) -> GraphQLOutcome:
        """Runs one request; `favorites` and `caller` (the bearer token, or None) answer `isFavorite` and
        take `setFavorite`."""
        try:
            document = parse(query)
        except GraphQLSyntaxError as error:
            return GraphQLOutcome({"errors": [error.formatted]}, request_error=True)
        validation_errors = validate(self.schema, document)
        if validation_errors:
            return GraphQLOutcome({"errors": [error.formatted for error in validation_errors]}, request_error=True)
        context = {"dataset": self.dataset, "options": self.options,
                   "favorites": favorites if favorites is not None else Favorites(), "caller": caller}
        operation = get_operation_ast(document, operation_name)
        operation_type = None if operation is None else operation.operation.value
        if self.options.incremental is not None and operation_type in ("query", "mutation"):
            # A client that did not ask for multipart gets the whole result: the payloads merged into one.
            payloads = self.run_incrementally(query, variables, operation_name, "current", favorites, caller)
            if payloads is not None:
                return GraphQLOutcome(merge_payloads(payloads), request_error=False, operation_type=operation_type)
        result = execute_sync(self.schema, document, context_value=context, variable_values=variables,
                              operation_name=operation_name)
        errors = [error.formatted for error in result.errors or []]
        if result.data is None and errors and all(error.get("path") is None for error in errors):
            # Variable coercion, unknown operation name, ...: GraphQL request errors with no data entry.
            return GraphQLOutcome({"errors": errors}, request_error=True)
        body: dict[str, Any] = {}
        if errors:
            body["errors"] = errors
        body["data"] = result.data
        return GraphQLOutcome(body, request_error=False, operation_type=operation_type)

    def run_incrementally(self, query: str, variables: dict[str, Any] | None, operation_name: str | None,
                          fmt: str, favorites: Favorites | None = None, caller: str | None = None,
                          read_only: bool = False) -> list[dict[str, Any]] | None:
        """The payloads of a query (or a POSTed mutation) with @defer and @stream honoured, in `fmt` ("current",
        graphql-core's own, or "apollo", Apollo's 2022 format made from it); None when the request is not one to
        answer incrementally or nothing was deferred (`run` answers it whole)."""
        try:
            document = parse(query)
        except GraphQLSyntaxError:
            return None
        if validate(self.schema, document):
            return None
        operation = get_operation_ast(document, operation_name)
        if operation is None or operation.operation.value not in ("query", "mutation"):
            return None
        if read_only and operation.operation.value == "mutation":
            return None
        context = {"dataset": self.dataset, "options": self.options,
                   "favorites": favorites if favorites is not None else Favorites(), "caller": caller}
        result = experimental_execute_incrementally(self.schema, document, context_value=context,
                                                    variable_values=variables, operation_name=operation_name)
        if inspect.isawaitable(result):
            result = asyncio.run(_awaited(result))
        if not isinstance(result, ExperimentalIncrementalExecutionResults):
            return None

        async def collect() -> list[dict[str, Any]]:
            return [payload.formatted async for payload in result.subsequent_results]

        payloads = [result.initial_result.formatted, *asyncio.run(collect())]
        return payloads if fmt == "current" else to_apollo_2022(payloads)


async def _awaited(value):
    return await value


def merge_payloads(payloads: list[dict[str, Any]]) -> dict[str, Any]:
    """The draft's current payloads merged into one result: data at each increment's path, items appended, every
    error kept."""
    data = copy.deepcopy(payloads[0].get("data"))
    errors = list(payloads[0].get("errors", []))
    pending: dict[str, list[Any]] = {}
    for payload in payloads:
        for item in payload.get("pending", []):
            pending[item["id"]] = item["path"]
        for entry in payload.get("incremental", []):
            target = data
            for key in pending[entry["id"]] + list(entry.get("subPath", [])):
                target = target[key]
            if "items" in entry:
                target.extend(entry["items"])
            else:
                target.update(entry["data"])
            errors += entry.get("errors", [])
        for done in payload.get("completed", []):
            errors += done.get("errors", [])
    body: dict[str, Any] = {}
    if errors:
        body["errors"] = errors
    body["data"] = data
    return body


def to_apollo_2022(payloads: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The draft's current payloads (pending ids, incremental by id, completed) in Apollo's 2022 format: each
    increment with the path of its object (or of its first item) and its label; a failed one as data null with its
    errors."""
    pending: dict[str, dict[str, Any]] = {}
    lengths: dict[str, int] = {}
    converted: list[dict[str, Any]] = []

    def list_length(data: Any, path: list[Any]) -> int:
        for key in path:
            data = data[key]
        return len(data)

    merged = copy.deepcopy(payloads[0].get("data"))
    for index, payload in enumerate(payloads):
        for item in payload.get("pending", []):
            pending[item["id"]] = item
        if index == 0:
            converted.append({key: value for key, value in payload.items() if key != "pending"})
            continue
        incremental = []
        for entry in payload.get("incremental", []):
            announced = pending[entry["id"]]
            path = list(announced["path"]) + list(entry.get("subPath", []))
            out: dict[str, Any] = {}
            if "items" in entry:
                start = lengths.get(entry["id"])
                if start is None:
                    start = list_length(merged, announced["path"])
                out["items"] = entry["items"]
                out["path"] = path + [start]
                lengths[entry["id"]] = start + len(entry["items"])
                target = merged
                for key in announced["path"]:
                    target = target[key]
                target.extend(entry["items"])
            else:
                out["data"] = entry["data"]
                out["path"] = path
                target = merged
                for key in path:
                    target = target[key]
                target.update(entry["data"])
            if "errors" in entry:
                out["errors"] = entry["errors"]
            if "label" in announced:
                out["label"] = announced["label"]
            incremental.append(out)
        for done in payload.get("completed", []):
            if "errors" in done:
                announced = pending[done["id"]]
                failure = {"data": None, "path": announced["path"], "errors": done["errors"]}
                if "label" in announced:
                    failure["label"] = announced["label"]
                incremental.append(failure)
        result: dict[str, Any] = {}
        if incremental:
            result["incremental"] = incremental
        result["hasNext"] = payload["hasNext"]
        converted.append(result)
    return converted
