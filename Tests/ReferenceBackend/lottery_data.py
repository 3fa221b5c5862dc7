"""The lottery data set (docs/DATASET.md): loading, checking and REST rendering.

Standard library only. The GraphQL side is in lottery_graphql.py.
"""

from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1
MOSCOW_OFFSET = timedelta(hours=3)
DATE_PATTERN = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$")

# REST game_type codes of the contract; other codes belong to newer game types.
KNOWN_TYPE_CODES = {"LOTTO": 1, "KENO": 2, "RAPID": 3, "INSTANT": 4}


class DatasetError(Exception):
    """The data set file is missing or does not follow docs/DATASET.md."""


@dataclass(frozen=True)
class InjectedDifference:
    """One deliberate disagreement between the two APIs (--inject-differences)."""

    api: str  # the side that is changed: "REST" or "GraphQL"
    entity: str  # e.g. "game 5x36"
    rest_field: str
    graphql_field: str
    legacy_field: str
    change: str

    def describe(self) -> str:
        return (f"{self.api} side of {self.entity}: {self.change} "
                f"(REST {self.rest_field} / GraphQL {self.graphql_field} / legacy {self.legacy_field})")


# The fixed set of differences --inject-differences makes. Tests/ReferenceBackend/README.md lists them too.
GRAPHQL_NAME_SUFFIX = " (GraphQL)"
INJECTED_DIFFERENCES = (
    InjectedDifference("GraphQL", "game 5x36", "title", "name", "GameInfo.title",
                       f'name gets the suffix "{GRAPHQL_NAME_SUFFIX}"'),
    InjectedDifference("GraphQL", "draw 6x45-9007199254740993", "combination", "winningNumbers",
                       "DrawInfo.combination", "the first two winning numbers are swapped (8,4,15,... not 4,8,15,...)"),
    InjectedDifference("REST", "image logo-keno", "w", "width", "ImageInfo.width",
                       "width is one pixel more (97, not 96)"),
    InjectedDifference("REST", "draw 5x36-123456", "prize_pool", "prizePool", "DrawInfo.prizePool",
                       "prize pool is one kopeck more"),
)
INJECTED_NAME_GAME = "5x36"
INJECTED_SWAP_DRAW = ("6x45", 9_007_199_254_740_993)
INJECTED_WIDTH_IMAGE = "logo-keno"
INJECTED_POOL_DRAW = ("5x36", 123_456)


def _fail(where: str, message: str) -> DatasetError:
    return DatasetError(f"dataset {where}: {message}")


def _check_int(value: Any, where: str, nullable: bool = False, low: int = INT64_MIN, high: int = INT64_MAX) -> None:
    if value is None and nullable:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(where, f"expected an integer, got {value!r}")
    if not low <= value <= high:
        raise _fail(where, f"{value} is outside {low}...{high}")


def _check_str(value: Any, where: str, nullable: bool = False) -> None:
    if value is None and nullable:
        return
    if not isinstance(value, str):
        raise _fail(where, f"expected a string, got {value!r}")


def _check_bool(value: Any, where: str) -> None:
    if not isinstance(value, bool):
        raise _fail(where, f"expected true or false, got {value!r}")


def money(minor: int) -> str:
    """Minor units to the REST decimal string with two decimals, exactly (integer arithmetic)."""
    sign = "-" if minor < 0 else ""
    units, cents = divmod(abs(minor), 100)
    return f"{sign}{units}.{cents:02d}"


def parse_utc(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


def moscow_time(utc_text: str) -> str:
    """'2026-11-28T21:00:00Z' -> '29.11.2026 00:00:00' (Moscow is UTC+3 all year)."""
    return (parse_utc(utc_text) + MOSCOW_OFFSET).strftime("%d.%m.%Y %H:%M:%S")


def draw_id(draw: dict[str, Any]) -> str:
    return f"{draw['gameId']}-{draw['number']}"


class Dataset:
    """The loaded, checked data set with lookups by id."""

    def __init__(self, raw: Any, source: str = "dataset") -> None:
        self.source = source
        if not isinstance(raw, dict):
            raise _fail("$", "the top level must be an object")
        for key in ("images", "games", "draws"):
            if not isinstance(raw.get(key), list):
                raise _fail(f"$.{key}", "must be an array")
        self.images: dict[str, dict[str, Any]] = {}
        self.games: dict[str, dict[str, Any]] = {}
        self.draws: dict[tuple[str, int], dict[str, Any]] = {}
        self.draws_by_game: dict[str, list[dict[str, Any]]] = {}
        for index, image in enumerate(raw["images"]):
            self._add_image(image, f"$.images[{index}]")
        for index, game in enumerate(raw["games"]):
            self._add_game(game, f"$.games[{index}]")
        for index, draw in enumerate(raw["draws"]):
            self._add_draw(draw, f"$.draws[{index}]")
        for game_id, game in self.games.items():
            if game["logo"] is not None and game["logo"] not in self.images:
                raise _fail(f"game {game_id}.logo", f"no image {game['logo']!r}")
            for field in ("nextDraw", "lastDraw"):
                number = game[field]
                if number is not None and (game_id, number) not in self.draws:
                    raise _fail(f"game {game_id}.{field}", f"no draw {game_id}-{number}")
        for game_id, draws in self.draws_by_game.items():
            draws.sort(key=lambda draw: draw["number"], reverse=True)  # newest first
        self.sorted_game_ids = sorted(self.games)

    @classmethod
    def load(cls, path: Path) -> Dataset:
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as error:
            raise DatasetError(f"cannot read dataset {path}: {error}") from error
        try:
            raw = json.loads(text)
        except json.JSONDecodeError as error:
            raise DatasetError(f"dataset {path} is not JSON: {error}") from error
        return cls(raw, str(path))

    def _add_image(self, image: Any, where: str) -> None:
        if not isinstance(image, dict):
            raise _fail(where, "must be an object")
        _check_str(image.get("id"), f"{where}.id")
        _check_str(image.get("url"), f"{where}.url")
        _check_int(image.get("width"), f"{where}.width", low=0, high=2**31 - 1)
        _check_int(image.get("height"), f"{where}.height", low=0, high=2**31 - 1)
        if image["id"] in self.images:
            raise _fail(where, f"duplicate image id {image['id']!r}")
        self.images[image["id"]] = image

    def _add_game(self, game: Any, where: str) -> None:
        if not isinstance(game, dict):
            raise _fail(where, "must be an object")
        for key in ("id", "name", "type", "currency"):
            _check_str(game.get(key), f"{where}.{key}")
        if not re.fullmatch(r"[A-Z_][A-Z0-9_]*", game["type"]):
            raise _fail(f"{where}.type", f"{game['type']!r} is not an enum value name")
        _check_int(game.get("typeCode"), f"{where}.typeCode")
        _check_bool(game.get("isActive"), f"{where}.isActive")
        _check_int(game.get("ticketPrice"), f"{where}.ticketPrice")
        _check_int(game.get("superPrize"), f"{where}.superPrize", nullable=True)
        _check_int(game.get("numbersCount"), f"{where}.numbersCount", low=-(2**31), high=2**31 - 1)
        _check_int(game.get("numbersRange"), f"{where}.numbersRange", low=-(2**31), high=2**31 - 1)
        _check_int(game.get("bonusRange"), f"{where}.bonusRange", nullable=True, low=-(2**31), high=2**31 - 1)
        _check_str(game.get("logo"), f"{where}.logo", nullable=True)
        _check_int(game.get("nextDraw"), f"{where}.nextDraw", nullable=True)
        _check_int(game.get("lastDraw"), f"{where}.lastDraw", nullable=True)
        _check_int(game.get("drawsCount"), f"{where}.drawsCount")
        _check_str(game.get("rulesUrl"), f"{where}.rulesUrl", nullable=True)
        if game["id"] in self.games:
            raise _fail(where, f"duplicate game id {game['id']!r}")
        self.games[game["id"]] = game
        self.draws_by_game.setdefault(game["id"], [])

    def _add_draw(self, draw: Any, where: str) -> None:
        if not isinstance(draw, dict):
            raise _fail(where, "must be an object")
        _check_str(draw.get("gameId"), f"{where}.gameId")
        _check_int(draw.get("number"), f"{where}.number")
        _check_str(draw.get("date"), f"{where}.date")
        if not DATE_PATTERN.match(draw["date"]):
            raise _fail(f"{where}.date", f"{draw['date']!r} is not yyyy-MM-ddTHH:mm:ssZ")
        try:
            parse_utc(draw["date"])
        except ValueError as error:
            raise _fail(f"{where}.date", str(error)) from error
        _check_str(draw.get("status"), f"{where}.status")
        if not re.fullmatch(r"[A-Z_][A-Z0-9_]*", draw["status"]):
            raise _fail(f"{where}.status", f"{draw['status']!r} is not an enum value name")
        for key in ("winningNumbers", "bonusNumbers"):
            numbers = draw.get(key)
            if not isinstance(numbers, list):
                raise _fail(f"{where}.{key}", "must be an array")
            for position, number in enumerate(numbers):
                _check_int(number, f"{where}.{key}[{position}]", low=-(2**31), high=2**31 - 1)
        _check_int(draw.get("prizePool"), f"{where}.prizePool", nullable=True)
        _check_int(draw.get("superPrize"), f"{where}.superPrize", nullable=True)
        _check_bool(draw.get("ledgerDown", False), f"{where}.ledgerDown")
        draw.setdefault("ledgerDown", False)
        _check_int(draw.get("ticketsSold"), f"{where}.ticketsSold")
        categories = draw.get("prizeCategories")
        if not isinstance(categories, list):
            raise _fail(f"{where}.prizeCategories", "must be an array")
        for position, category in enumerate(categories):
            at = f"{where}.prizeCategories[{position}]"
            if not isinstance(category, dict):
                raise _fail(at, "must be an object")
            _check_int(category.get("matched"), f"{at}.matched", low=-(2**31), high=2**31 - 1)
            _check_bool(category.get("bonusMatched"), f"{at}.bonusMatched")
            _check_int(category.get("winners"), f"{at}.winners")
            _check_int(category.get("amount"), f"{at}.amount")
        _check_str(draw.get("videoUrl"), f"{where}.videoUrl", nullable=True)
        game_id = draw["gameId"]
        if game_id not in self.games:
            raise _fail(f"{where}.gameId", f"no game {game_id!r}")
        key = (game_id, draw["number"])
        if key in self.draws:
            raise _fail(where, f"duplicate draw {game_id}-{draw['number']}")
        self.draws[key] = draw
        self.draws_by_game[game_id].append(draw)

    # --- queries shared by both APIs ---------------------------------------------------------

    def list_games(self, type_code: int | None = None, type_name: str | None = None,
                   active_only: bool = True) -> list[dict[str, Any]]:
        """Games ordered by id ascending."""
        games = [self.games[game_id] for game_id in self.sorted_game_ids]
        if active_only:
            games = [game for game in games if game["isActive"]]
        if type_code is not None:
            games = [game for game in games if game["typeCode"] == type_code]
        if type_name is not None:
            games = [game for game in games if game["type"] == type_name]
        return games

    def list_draws(self, game_id: str, limit: int, before: int | None) -> list[dict[str, Any]]:
        """A game's draws, newest first, at most `limit`, only numbers below `before` when given."""
        draws = self.draws_by_game.get(game_id, [])
        if before is not None:
            draws = [draw for draw in draws if draw["number"] < before]
        return draws[:limit]

    def referenced_enum_values(self) -> tuple[set[str], set[str]]:
        """The game types and draw statuses that occur in the data."""
        return ({game["type"] for game in self.games.values()},
                {draw["status"] for draw in self.draws.values()})


class Favorites:
    """The callers' favourite games: one set per bearer token (`None`: the shared set of a server without
    tokens). Thread-safe: both APIs read and write it from their request threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sets: dict[str | None, set[str]] = {}

    def of(self, caller: str | None) -> frozenset[str]:
        with self._lock:
            return frozenset(self._sets.get(caller, ()))

    def contains(self, caller: str | None, game_id: str) -> bool:
        with self._lock:
            return game_id in self._sets.get(caller, ())

    def set(self, caller: str | None, game_id: str, favorite: bool) -> None:
        with self._lock:
            games = self._sets.setdefault(caller, set())
            if favorite:
                games.add(game_id)
            else:
                games.discard(game_id)


class RestRenderer:
    """Renders data set entities as the contract's REST payloads."""

    def __init__(self, dataset: Dataset, inject_differences: bool = False) -> None:
        self.dataset = dataset
        self.inject = inject_differences

    def image(self, image: dict[str, Any]) -> dict[str, Any]:
        width = image["width"]
        if self.inject and image["id"] == INJECTED_WIDTH_IMAGE:
            width += 1
        return {"image_id": image["id"], "url": image["url"], "w": width, "h": image["height"]}

    def draw(self, draw: dict[str, Any]) -> dict[str, Any]:
        ledger_down = draw["ledgerDown"]
        prize_pool = None if ledger_down else draw["prizePool"]
        if self.inject and prize_pool is not None and (draw["gameId"], draw["number"]) == INJECTED_POOL_DRAW:
            prize_pool += 1
        super_prize = None if ledger_down else draw["superPrize"]
        return {
            "draw_id": draw_id(draw),
            "game_id": draw["gameId"],
            "draw_number": draw["number"],
            "draw_date": moscow_time(draw["date"]),
            "state": draw["status"].lower(),
            "combination": ",".join(str(number) for number in draw["winningNumbers"]),
            "bonus": ",".join(str(number) for number in draw["bonusNumbers"]),
            "prize_pool": None if prize_pool is None else money(prize_pool),
            "super_prize": None if super_prize is None else money(super_prize),
            "tickets_sold": draw["ticketsSold"],
            "categories": [
                {
                    "guessed": str(category["matched"]),
                    "bonus": 1 if category["bonusMatched"] else 0,
                    "winners": category["winners"],
                    "prize": money(category["amount"]),
                }
                for category in draw["prizeCategories"]
            ],
            "video": draw["videoUrl"],
        }

    def game(self, game: dict[str, Any], favorite: bool = False) -> dict[str, Any]:
        """The REST game; `favorite` is whether the caller marked it (`is_favorite` 1 / 0)."""
        data = self.dataset
        logo = data.images[game["logo"]] if game["logo"] is not None else None
        next_draw = data.draws[(game["id"], game["nextDraw"])] if game["nextDraw"] is not None else None
        last_draw = data.draws[(game["id"], game["lastDraw"])] if game["lastDraw"] is not None else None
        return {
            "game_id": game["id"],
            "title": game["name"],
            "game_type": game["typeCode"],
            "active": 1 if game["isActive"] else 0,
            "ticket_price": money(game["ticketPrice"]),
            "currency": game["currency"],
            "super_prize": None if game["superPrize"] is None else money(game["superPrize"]),
            "numbers_count": game["numbersCount"],
            "numbers_range": game["numbersRange"],
            "bonus_range": game["bonusRange"],
            "logo": None if logo is None else self.image(logo),
            "next_draw": None if next_draw is None else self.draw(next_draw),
            "last_draw": None if last_draw is None else self.draw(last_draw),
            "draws_total": str(game["drawsCount"]),
            "rules_url": game["rulesUrl"],
            "is_favorite": 1 if favorite else 0,
        }
