"""Realtime for the reference backend: the draw clock and the `drawUpdated` subscribers.

The clock moves a game's draws on as a lottery does (next draw ANNOUNCED -> SELLING -> DRAWING -> COMPLETED with
its numbers and prizes, then the next announced draw, or a new one, on sale) and publishes each changed draw to
the subscribers of its game. Draws and games are replaced, never changed in place, so a request that holds one sees
it whole. The rules mirror the embedded backend's `DrawAdvancer` (the numbers drawn may differ).
"""

from __future__ import annotations

import threading
import zlib
from typing import Any, Callable

from lottery_data import INT64_MAX, INT64_MIN, Dataset


def _saturate(value: int) -> int:
    return max(INT64_MIN, min(INT64_MAX, value))


def _mix(game_id: str, number: int, salt: int) -> int:
    return zlib.crc32(f"{game_id}/{number}/{salt}".encode("utf-8"))


class RealtimeHub:
    """Who listens to which game's draws, the open streams (so the control endpoint can drop them), and a record of
    every subscription request (its bearer token and whether it was accepted). Thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._subscribers: dict[int, tuple[str, Callable[[dict[str, Any]], None]]] = {}
        self._streams: dict[int, Callable[[], None]] = {}
        self._records: list[dict[str, Any]] = []
        self._last_id = 0

    def subscribe(self, game_id: str, deliver: Callable[[dict[str, Any]], None]) -> int:
        with self._lock:
            self._last_id += 1
            self._subscribers[self._last_id] = (game_id, deliver)
            return self._last_id

    def unsubscribe(self, subscription_id: int) -> None:
        with self._lock:
            self._subscribers.pop(subscription_id, None)

    def publish(self, draws: list[dict[str, Any]]) -> None:
        with self._lock:
            listeners = list(self._subscribers.values())
        for draw in draws:
            for game_id, deliver in listeners:
                if game_id == draw["gameId"]:
                    try:
                        deliver(draw)
                    except RuntimeError:
                        pass  # the subscriber's event loop has closed: it is going away

    def register_stream(self, drop: Callable[[], None]) -> int:
        with self._lock:
            self._last_id += 1
            self._streams[self._last_id] = drop
            return self._last_id

    def unregister_stream(self, stream_id: int) -> None:
        with self._lock:
            self._streams.pop(stream_id, None)

    def drop_streams(self) -> int:
        with self._lock:
            drops = list(self._streams.values())
        for drop in drops:
            drop()
        return len(drops)

    def record(self, token: str | None, accepted: bool) -> None:
        with self._lock:
            self._records.append({"transport": "serverSentEvents", "bearerToken": token, "accepted": accepted})

    def state(self) -> dict[str, Any]:
        with self._lock:
            return {"openSubscriptions": len(self._subscribers), "openStreams": len(self._streams),
                    "connections": list(self._records)}


class DrawClock:
    """Moves draws on and publishes them; by hand (`advance`) or every `interval` seconds (`start`)."""

    def __init__(self, dataset: Dataset, hub: RealtimeHub) -> None:
        self.dataset = dataset
        self.hub = hub
        self._lock = threading.Lock()
        self._stop = threading.Event()

    def advance(self, game_id: str) -> list[dict[str, Any]]:
        with self._lock:
            changed = self._step(game_id)
        self.hub.publish(changed)
        return changed

    def advance_all(self) -> list[dict[str, Any]]:
        changed: list[dict[str, Any]] = []
        for game in self.dataset.list_games(active_only=True):
            changed += self.advance(game["id"])
        return changed

    def start(self, interval: float) -> None:
        def run() -> None:
            while not self._stop.wait(interval):
                self.advance_all()

        threading.Thread(target=run, name="draw-clock", daemon=True).start()

    def stop(self) -> None:
        self._stop.set()

    # --- one step --------------------------------------------------------------------------------

    def _step(self, game_id: str) -> list[dict[str, Any]]:
        dataset = self.dataset
        game = dataset.games.get(game_id)
        if game is None:
            return []
        draws = dataset.draws_by_game.get(game_id, [])  # newest first
        next_draw = None if game["nextDraw"] is None else dataset.draws.get((game_id, game["nextDraw"]))
        status = None if next_draw is None else next_draw["status"]
        if status == "ANNOUNCED":
            return self._put([dict(next_draw, status="SELLING")])
        if status == "SELLING":
            sold = _saturate(next_draw["ticketsSold"] + 1000 + _mix(game_id, next_draw["number"], 1) % 9000)
            return self._put([dict(next_draw, status="DRAWING", ticketsSold=sold)])
        if status == "DRAWING":
            completed = self._complete(next_draw, game, next((d for d in draws if d["status"] == "COMPLETED"), None))
            opened = self._open_after(next_draw["number"], draws, game)
            changed = self._put([completed, opened])
            self._put_game(dict(game, lastDraw=completed["number"], nextDraw=opened["number"],
                                drawsCount=_saturate(game["drawsCount"] + 1)))
            return changed
        if next_draw is not None:
            after = next_draw["number"]
        else:
            after = INT64_MIN if game["lastDraw"] is None else game["lastDraw"]
        opened = self._open_after(after, draws, game)
        changed = self._put([opened])
        self._put_game(dict(game, nextDraw=opened["number"], drawsCount=_saturate(game["drawsCount"] + 1)))
        return changed

    def _open_after(self, number: int, draws: list[dict[str, Any]], game: dict[str, Any]) -> dict[str, Any]:
        announced = [d for d in draws if d["number"] > number and d["status"] == "ANNOUNCED"]
        if announced:
            return dict(min(announced, key=lambda d: d["number"]), status="SELLING")
        newest = draws[0] if draws else None
        return {"gameId": game["id"], "number": _saturate((newest["number"] if newest else 0) + 1),
                "date": newest["date"] if newest else "2026-01-01T00:00:00Z", "status": "SELLING",
                "winningNumbers": [], "bonusNumbers": [], "prizePool": None, "superPrize": game["superPrize"],
                "ledgerDown": False, "ticketsSold": 0, "prizeCategories": [], "videoUrl": None}

    @staticmethod
    def _complete(draw: dict[str, Any], game: dict[str, Any], previous: dict[str, Any] | None) -> dict[str, Any]:
        number_range = max(1, game["numbersRange"])
        numbers = [1 + _mix(game["id"], draw["number"], 10 + index) % number_range
                   for index in range(max(0, game["numbersCount"]))]
        bonus = [] if game["bonusRange"] is None else [1 + _mix(game["id"], draw["number"], 99) % max(1, game["bonusRange"])]
        template = (previous or {}).get("prizeCategories") or [
            {"matched": game["numbersCount"], "bonusMatched": False, "winners": 0,
             "amount": game["superPrize"] or 100_000_000}]
        categories = [dict(category, winners=_mix(game["id"], draw["number"], 60 + index) % 5000)
                      for index, category in enumerate(template)]
        pool = _saturate(draw["ticketsSold"] * game["ticketPrice"] // 2
                         + sum(category["winners"] * category["amount"] for category in categories))
        return dict(draw, status="COMPLETED", winningNumbers=numbers, bonusNumbers=bonus, prizePool=pool,
                    superPrize=game["superPrize"], ledgerDown=False, prizeCategories=categories, videoUrl=None)

    def _put(self, draws: list[dict[str, Any]]) -> list[dict[str, Any]]:
        dataset = self.dataset
        for draw in draws:
            key = (draw["gameId"], draw["number"])
            dataset.draws[key] = draw
            listed = [d for d in dataset.draws_by_game.setdefault(draw["gameId"], []) if d["number"] != draw["number"]]
            listed.append(draw)
            listed.sort(key=lambda d: d["number"], reverse=True)
            dataset.draws_by_game[draw["gameId"]] = listed
        return draws

    def _put_game(self, game: dict[str, Any]) -> None:
        self.dataset.games[game["id"]] = game
