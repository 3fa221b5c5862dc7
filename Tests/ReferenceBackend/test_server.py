#!/usr/bin/env python3
"""Self-test of the reference backend: starts server.py on port 0 in a subprocess and asks it.

    PY=$(scripts/python-env.sh) && "$PY" Tests/ReferenceBackend/test_server.py -v
"""

from __future__ import annotations

import json
import subprocess
import sys
import unittest
import hashlib
import tempfile
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from lottery_data import Dataset, money, moscow_time  # noqa: E402

INT64_MAX = 9_223_372_036_854_775_807
# Every wait (a request, a process's exit) is a hang detector only: a busy machine can stretch any of them.
HANG = 60
GRAPHQL_ACCEPT = "application/graphql-response+json, application/json;q=0.9"

DRAW_FIELDS = """id gameId number date status winningNumbers bonusNumbers prizePool superPrize ticketsSold
  prizeCategories { matched bonusMatched winners amount } videoUrl"""
SET_FAVORITE = """mutation SetFavorite($gameId: ID!, $favorite: Boolean!) {
  setFavorite(gameId: $gameId, favorite: $favorite) { id isFavorite }
}"""
GAME_QUERY = f"""query Game($id: ID!) {{
  game(id: $id) {{
    __typename id name type isActive ticketPrice currency superPrize numbersCount numbersRange bonusRange
    logo {{ id url width height }} nextDraw {{ {DRAW_FIELDS} }} lastDraw {{ {DRAW_FIELDS} }} drawsCount rulesUrl
    isFavorite
  }}
}}"""


class RunningServer:
    """server.py in a subprocess, stopped by closing its stdin."""

    def __init__(self, *flags: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(HERE / "server.py"), "--port", "0", "--exit-on-stdin-eof", *flags],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        line = self.process.stdout.readline().strip()
        if not line.startswith("LISTENING "):
            self.process.kill()
            _, stderr = self.process.communicate(timeout=HANG)
            raise RuntimeError(f"server did not start: {line!r}\n{stderr}")
        self.base_url = line.split(" ", 1)[1]

    def stop(self) -> None:
        if self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.close()
            try:
                self.process.wait(timeout=HANG)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None and not stream.closed:
                stream.close()

    def request(self, path: str, body: Any = None, headers: dict[str, str] | None = None,
                raw_body: bytes | None = None, method: str | None = None) -> tuple[int, str, Any]:
        status, content_type, _, body = self.exchange(path, body, headers, raw_body, method)
        return status, content_type, body

    def exchange(self, path: str, body: Any = None, headers: dict[str, str] | None = None,
                 raw_body: bytes | None = None, method: str | None = None) -> tuple[int, str, Any, Any]:
        """(status, content type, response headers, JSON body)."""
        data = raw_body if raw_body is not None else (None if body is None else json.dumps(body).encode())
        request = urllib.request.Request(self.base_url + path, data=data, headers=headers or {}, method=method)
        if data is not None and "Content-Type" not in (headers or {}):
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=HANG) as response:
                return (response.status, response.headers.get("Content-Type", ""), response.headers,
                        json.loads(response.read()))
        except urllib.error.HTTPError as error:
            return error.code, error.headers.get("Content-Type", ""), error.headers, json.loads(error.read())

    def rest(self, path: str, headers: dict[str, str] | None = None, method: str | None = None) -> tuple[int, Any]:
        status, _, body = self.request("/api/v1" + path, headers=headers, method=method)
        return status, body

    def graphql(self, query: str, variables: dict[str, Any] | None = None, accept: str = GRAPHQL_ACCEPT,
                headers: dict[str, str] | None = None) -> tuple[int, str, Any]:
        return self.request("/graphql", {"query": query, "variables": variables},
                            headers={"Accept": accept, **(headers or {})})


class FavoritesTests(unittest.TestCase):
    """Favourites: per token, one API's write seen through the other, idempotent writes, unknown games,
    Cache-Control on queries only, and --fail-mutations."""

    server: RunningServer

    @classmethod
    def setUpClass(cls) -> None:
        cls.server = RunningServer("--token", "alice", "--token", "bob", "--cache-max-age", "30")

    @classmethod
    def tearDownClass(cls) -> None:
        cls.server.stop()

    def headers(self, token: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"}

    def rest_flag(self, token: str, game_id: str) -> int:
        status, body = self.server.rest(f"/games/{game_id}", headers=self.headers(token))
        self.assertEqual(status, 200)
        return body["result"]["is_favorite"]

    def graphql_flag(self, token: str, game_id: str) -> bool:
        status, _, body = self.server.graphql('query($id: ID!) { game(id: $id) { isFavorite } }', {"id": game_id},
                                              headers=self.headers(token))
        self.assertEqual(status, 200)
        return body["data"]["game"]["isFavorite"]

    def test_rest_write_is_seen_through_graphql_for_that_token_only(self) -> None:
        self.assertEqual(self.rest_flag("alice", "6x45"), 0)
        status, body = self.server.rest("/games/6x45/favorite", headers=self.headers("alice"), method="PUT")
        self.assertEqual(status, 200)
        self.assertEqual(body["result"]["game_id"], "6x45")
        self.assertEqual(body["result"]["is_favorite"], 1)
        status, body = self.server.rest("/games/6x45/favorite", headers=self.headers("alice"), method="PUT")
        self.assertEqual((status, body["result"]["is_favorite"]), (200, 1))  # idempotent
        self.assertTrue(self.graphql_flag("alice", "6x45"))
        self.assertEqual(self.rest_flag("bob", "6x45"), 0)
        self.assertFalse(self.graphql_flag("bob", "6x45"))
        _, listed = self.server.rest("/games", headers=self.headers("alice"))
        flags = {game["game_id"]: game["is_favorite"] for game in listed["result"]}
        self.assertEqual(flags["6x45"], 1)
        status, body = self.server.rest("/games/6x45/favorite", headers=self.headers("alice"), method="DELETE")
        self.assertEqual((status, body["result"]["is_favorite"]), (200, 0))
        status, body = self.server.rest("/games/6x45/favorite", headers=self.headers("alice"), method="DELETE")
        self.assertEqual((status, body["result"]["is_favorite"]), (200, 0))
        self.assertFalse(self.graphql_flag("alice", "6x45"))

    def test_graphql_write_is_seen_through_rest(self) -> None:
        status, _, headers, body = self.server.exchange(
            "/graphql", {"query": SET_FAVORITE, "variables": {"gameId": "5x36", "favorite": True}},
            headers={"Accept": GRAPHQL_ACCEPT, **self.headers("bob")})
        self.assertEqual(status, 200)
        self.assertEqual(body, {"data": {"setFavorite": {"id": "5x36", "isFavorite": True}}})
        self.assertIsNone(headers.get("Cache-Control"), "a mutation's answer must not be cacheable")
        self.assertEqual(self.rest_flag("bob", "5x36"), 1)
        self.assertEqual(self.rest_flag("alice", "5x36"), 0)
        self.server.graphql(SET_FAVORITE, {"gameId": "5x36", "favorite": False}, headers=self.headers("bob"))
        self.assertEqual(self.rest_flag("bob", "5x36"), 0)

    def test_unknown_game(self) -> None:
        status, body = self.server.rest("/games/nope/favorite", headers=self.headers("alice"), method="PUT")
        self.assertEqual((status, body["error"]["code"]), (404, "NOT_FOUND"))
        status, _, body = self.server.graphql(SET_FAVORITE, {"gameId": "nope", "favorite": True},
                                              headers=self.headers("alice"))
        self.assertEqual(status, 200)
        self.assertIsNone(body["data"])
        self.assertEqual(body["errors"][0]["path"], ["setFavorite"])
        self.assertEqual(body["errors"][0]["extensions"]["code"], "NOT_FOUND")

    def test_other_methods_on_favorite(self) -> None:
        status, body = self.server.rest("/games/6x45/favorite", headers=self.headers("alice"))
        self.assertEqual((status, body["error"]["code"]), (400, "BAD_REQUEST"))
        status, body = self.server.rest("/games/6x45", headers=self.headers("alice"), method="PUT")
        self.assertEqual((status, body["error"]["code"]), (400, "BAD_REQUEST"))

    def test_cache_control_on_queries(self) -> None:
        _, _, headers, _ = self.server.exchange("/graphql", {"query": "{ games { id } }"},
                                                headers={"Accept": GRAPHQL_ACCEPT, **self.headers("alice")})
        self.assertEqual(headers.get("Cache-Control"), "max-age=30")
        status, _, headers, _ = self.server.exchange("/graphql", {"query": "{ nope }"},
                                                     headers={"Accept": GRAPHQL_ACCEPT, **self.headers("alice")})
        self.assertEqual(status, 400)
        self.assertIsNone(headers.get("Cache-Control"), "a request error must not be cacheable")


class SharedFavoritesAndFailingWritesTests(unittest.TestCase):
    """Without tokens one shared set; --fail-mutations refuses every write and changes nothing; no
    --cache-max-age, no Cache-Control."""

    def test_fail_mutations(self) -> None:
        server = RunningServer("--fail-mutations")
        try:
            status, body = server.rest("/games/6x45/favorite", method="PUT")
            self.assertEqual((status, body["error"]["code"]), (500, "INTERNAL"))
            status, _, body = server.graphql(SET_FAVORITE, {"gameId": "6x45", "favorite": True})
            self.assertEqual(status, 200)
            self.assertIsNone(body["data"])
            self.assertIn("--fail-mutations", body["errors"][0]["message"])
            _, body = server.rest("/games/6x45")
            self.assertEqual(body["result"]["is_favorite"], 0)
            _, _, headers, _ = server.exchange("/graphql", {"query": "{ games { id } }"})
            self.assertIsNone(headers.get("Cache-Control"))
        finally:
            server.stop()

    def test_shared_set_without_tokens(self) -> None:
        server = RunningServer()
        try:
            status, body = server.rest("/games/6x45/favorite", method="PUT",
                                       headers={"Authorization": "Bearer anything"})
            self.assertEqual((status, body["result"]["is_favorite"]), (200, 1))
            _, body = server.rest("/games/6x45")
            self.assertEqual(body["result"]["is_favorite"], 1)
        finally:
            server.stop()


class SubscriptionTests(unittest.TestCase):
    """drawUpdated over Server-Sent Events, driven by the draw clock's control endpoint."""

    def setUp(self) -> None:
        self.server = RunningServer("--control", "--heartbeat-ms", "100", "--token", "alice")

    def tearDown(self) -> None:
        self.server.stop()

    def open_stream(self, token: str = "alice"):
        import http.client
        from urllib.parse import urlsplit

        parts = urlsplit(self.server.base_url)
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
        body = json.dumps({"query": 'subscription { drawUpdated(gameId: "6x45") { id number status } }'})
        connection.request("POST", "/graphql", body=body, headers={
            "Content-Type": "application/json", "Accept": "text/event-stream", "Authorization": f"Bearer {token}"})
        return connection, connection.getresponse()

    def wait_for_subscriptions(self, count: int) -> None:
        import time

        deadline = time.monotonic() + 10
        while self.server.request("/__control/state")[2]["openSubscriptions"] != count:
            self.assertLess(time.monotonic(), deadline, f"waiting for {count} open subscriptions")
            time.sleep(0.01)

    def test_events_in_order_then_closed(self) -> None:
        connection, response = self.open_stream()
        self.assertEqual(response.status, 200)
        self.assertTrue(response.getheader("Content-Type", "").startswith("text/event-stream"))
        self.wait_for_subscriptions(1)
        published = []
        for _ in range(2):
            _, _, body = self.server.request("/__control/advance?gameId=6x45", body={}, method="POST")
            published += body["draws"]
        events = []
        while len(events) < len(published):
            line = response.readline().decode()
            if line.startswith("data: "):
                events.append(json.loads(line[len("data: "):])["data"]["drawUpdated"])
        self.assertEqual([event["status"] for event in events], [draw["status"] for draw in published])
        self.assertEqual(events[0]["number"], 9_007_199_254_740_994)
        response.close()
        connection.close()
        self.wait_for_subscriptions(0)

    def test_wrong_token_is_401_and_recorded(self) -> None:
        connection, response = self.open_stream(token="mallory")
        self.assertEqual(response.status, 401)
        response.close()
        connection.close()
        connections = self.server.request("/__control/state")[2]["connections"]
        self.assertEqual(connections, [{"transport": "serverSentEvents", "bearerToken": "mallory", "accepted": False}])


class DefaultServerTests(unittest.TestCase):
    server: RunningServer

    @classmethod
    def setUpClass(cls) -> None:
        cls.server = RunningServer()
        cls.dataset = Dataset.load(HERE.parent.parent / "Sources" / "LotteryBackend" / "Resources" / "dataset.json")

    @classmethod
    def tearDownClass(cls) -> None:
        cls.server.stop()

    def test_rendering_helpers(self) -> None:
        self.assertEqual(money(10000), "100.00")
        self.assertEqual(money(5), "0.05")
        self.assertEqual(money(INT64_MAX), "92233720368547758.07")
        self.assertEqual(moscow_time("2026-12-31T21:30:00Z"), "01.01.2027 00:30:00")
        self.assertEqual(moscow_time("2026-11-28T21:00:00Z"), "29.11.2026 00:00:00")

    def test_rest_games_are_active_and_ordered(self) -> None:
        status, body = self.server.rest("/games")
        self.assertEqual(status, 200)
        self.assertEqual(body["status"], "ok")
        ids = [game["game_id"] for game in body["result"]]
        self.assertEqual(ids, sorted(ids))
        self.assertNotIn("6x36", ids)  # inactive
        self.assertIn("scratch-2027", ids)
        status, body = self.server.rest("/games?active=0")
        self.assertIn("6x36", [game["game_id"] for game in body["result"]])
        status, body = self.server.rest("/games?type=5")
        self.assertEqual([(g["game_id"], g["game_type"]) for g in body["result"]], [("scratch-2027", 5)])

    def test_rest_game_edge_values(self) -> None:
        status, body = self.server.rest("/games/7x49")
        self.assertEqual(status, 200)
        game = body["result"]
        self.assertEqual(game["draws_total"], "9223372036854775807")
        self.assertEqual(game["super_prize"], "92233720368547758.07")
        status, body = self.server.rest("/games/6x36")
        game = body["result"]
        self.assertIsNone(game["logo"])
        self.assertIsNone(game["next_draw"])
        self.assertIsNone(game["rules_url"])
        self.assertIsNone(game["super_prize"])
        self.assertEqual(game["active"], 0)

    def test_rest_draws_order_limit_before(self) -> None:
        status, body = self.server.rest("/games/6x45/draws?limit=3&before=9007199254740995")
        self.assertEqual(status, 200)
        numbers = [draw["draw_number"] for draw in body["result"]]
        self.assertEqual(numbers, [9007199254740994, 9007199254740993, 9007199254740992])
        last = body["result"][1]
        self.assertEqual(last["combination"], "4,8,15,16,23,42")
        self.assertEqual(last["draw_id"], "6x45-9007199254740993")
        status, body = self.server.rest("/games/keno/draws")
        self.assertEqual(len(body["result"]), 10)

    def test_rest_dates_and_unknown_state(self) -> None:
        status, body = self.server.rest("/games/rapid/draws/654321")
        self.assertEqual(status, 200)
        self.assertEqual(body["result"]["draw_date"], "01.01.2027 00:30:00")
        status, body = self.server.rest("/games/7x49/draws/796")
        self.assertEqual(body["result"]["draw_date"], "29.11.2026 00:00:00")
        status, body = self.server.rest("/games/4x20/draws/2506")
        self.assertEqual(body["result"]["state"], "postponed")
        self.assertEqual(body["result"]["combination"], "")

    def test_rest_ledger_down_is_null(self) -> None:
        status, body = self.server.rest("/games/ruslotto")
        last = body["result"]["last_draw"]
        self.assertIsNone(last["prize_pool"])
        self.assertIsNone(last["super_prize"])

    def test_rest_errors(self) -> None:
        cases = [
            ("/games/nope", 404, "NOT_FOUND"),
            ("/games/6x45/draws/1", 404, "NOT_FOUND"),
            ("/images/nope", 404, "NOT_FOUND"),
            ("/nothing", 404, "NOT_FOUND"),
            ("/games/6x45/draws?limit=0", 400, "BAD_REQUEST"),
            ("/games/6x45/draws?limit=101", 400, "BAD_REQUEST"),
            ("/games/6x45/draws?limit=ten", 400, "BAD_REQUEST"),
            ("/games/6x45/draws?before=99999999999999999999", 400, "BAD_REQUEST"),
            ("/games?active=2", 400, "BAD_REQUEST"),
            ("/games?type=lotto", 400, "BAD_REQUEST"),
            ("/games/6x45/draws/x", 400, "BAD_REQUEST"),
        ]
        for path, status, code in cases:
            with self.subTest(path=path):
                got_status, body = self.server.rest(path)
                self.assertEqual(got_status, status)
                self.assertEqual(body["status"], "error")
                self.assertEqual(body["error"]["code"], code)
                self.assertTrue(body["error"]["message"])

    def test_rest_image(self) -> None:
        status, body = self.server.rest("/images/banner-new-year-2027")
        self.assertEqual(status, 200)
        self.assertEqual(body["result"], {"image_id": "banner-new-year-2027",
                                          "url": "https://cdn.lottery.example/banners/new-year-2027.jpg",
                                          "w": 1200, "h": 400})

    def test_graphql_game_matches_rest(self) -> None:
        status, content_type, body = self.server.graphql(GAME_QUERY, {"id": "6x45"})
        self.assertEqual(status, 200)
        self.assertTrue(content_type.startswith("application/graphql-response+json"))
        self.assertNotIn("errors", body)
        game = body["data"]["game"]
        self.assertEqual(game["drawsCount"], 9007199254740993)
        self.assertEqual(game["superPrize"], 12345678950)
        self.assertIsNone(game["bonusRange"])
        self.assertEqual(game["lastDraw"]["number"], 9007199254740993)
        self.assertEqual(game["lastDraw"]["winningNumbers"], [4, 8, 15, 16, 23, 42])
        self.assertEqual(game["lastDraw"]["date"], "2026-12-31T20:00:00Z")
        _, rest = self.server.rest("/games/6x45")
        self.assertEqual(rest["result"]["last_draw"]["draw_date"], "31.12.2026 23:00:00")
        self.assertEqual(rest["result"]["title"], game["name"])

    def test_graphql_unknown_enum_values(self) -> None:
        status, _, body = self.server.graphql(
            '{ games { id type } p: draw(gameId: "4x20", number: 2506) { status } }')
        self.assertEqual(status, 200)
        types = {game["id"]: game["type"] for game in body["data"]["games"]}
        self.assertEqual(types["scratch-2027"], "SCRATCH")
        self.assertEqual(types["keno"], "KENO")
        self.assertEqual(body["data"]["p"]["status"], "POSTPONED")

    def test_graphql_ledger_down_partial_data(self) -> None:
        status, _, body = self.server.graphql(GAME_QUERY, {"id": "ruslotto"})
        self.assertEqual(status, 200)
        last = body["data"]["game"]["lastDraw"]
        self.assertIsNone(last["prizePool"])
        self.assertIsNone(last["superPrize"])
        self.assertEqual(last["number"], 1659)
        paths = sorted(tuple(error["path"]) for error in body["errors"])
        self.assertEqual(paths, [("game", "lastDraw", "prizePool"), ("game", "lastDraw", "superPrize")])
        for error in body["errors"]:
            self.assertTrue(error["message"])

    def test_graphql_validation_error_status_depends_on_accept(self) -> None:
        status, content_type, body = self.server.graphql("{ nope }")
        self.assertEqual(status, 400)
        self.assertTrue(content_type.startswith("application/graphql-response+json"))
        self.assertNotIn("data", body)
        self.assertIn("nope", body["errors"][0]["message"])
        status, content_type, body = self.server.graphql("{ nope }", accept="application/json")
        self.assertEqual(status, 200)
        self.assertTrue(content_type.startswith("application/json"))
        self.assertNotIn("data", body)

    def test_graphql_request_errors(self) -> None:
        status, _, body = self.server.graphql("{ game(id: ", None)
        self.assertEqual(status, 400)
        self.assertIn("Syntax Error", body["errors"][0]["message"])
        status, _, body = self.server.graphql("query($n: Long!) { draw(gameId: \"6x45\", number: $n) { id } }",
                                              {"n": "9223372036854775808"})
        self.assertEqual(status, 400)
        self.assertIn("Long", body["errors"][0]["message"])
        status, _, body = self.server.request("/graphql", raw_body=b"not json", headers={"Accept": GRAPHQL_ACCEPT})
        self.assertEqual(status, 400)
        status, _, body = self.server.request("/graphql", {"variables": {}}, headers={"Accept": GRAPHQL_ACCEPT})
        self.assertEqual(status, 400)
        self.assertIn("query", body["errors"][0]["message"])

    def test_graphql_long_arguments(self) -> None:
        query = "query($n: Long!) { draw(gameId: \"6x45\", number: $n) { number } }"
        for value in (9007199254740995, "9007199254740995"):
            with self.subTest(value=value):
                status, _, body = self.server.graphql(query, {"n": value})
                self.assertEqual(status, 200)
                self.assertEqual(body["data"]["draw"]["number"], 9007199254740995)
        status, _, body = self.server.graphql('{ draw(gameId: "6x45", number: "9007199254740994") { status } }')
        self.assertEqual(body["data"]["draw"]["status"], "SELLING")
        status, _, body = self.server.graphql('{ draw(gameId: "6x45", number: 1) { id } game(id: "x") { id } }')
        self.assertEqual(body, {"data": {"draw": None, "game": None}})

    def test_graphql_draws_newest_first(self) -> None:
        status, _, body = self.server.graphql('{ draws(gameId: "5x36", last: 3, before: 123458) { number status } }')
        self.assertEqual([draw["number"] for draw in body["data"]["draws"]], [123457, 123456, 123455])
        self.assertEqual(body["data"]["draws"][0]["status"], "SELLING")
        status, _, body = self.server.graphql('{ draws(gameId: "5x36", last: 101) { number } }')
        self.assertEqual(status, 200)
        self.assertIsNone(body["data"])
        self.assertEqual(body["errors"][0]["path"], ["draws"])

    def test_graphql_get_runs_queries_only(self) -> None:
        status, _, body = self.server.request("/graphql?query=%7Bimage%28id%3A%22logo-6x45%22%29%7Bid%7D%7D")
        self.assertEqual(status, 200)
        self.assertEqual(body, {"data": {"image": {"id": "logo-6x45"}}})
        mutation = urllib.parse.quote('mutation { setFavorite(gameId: "6x45", favorite: true) { id } }')
        status, _, headers, body = self.server.exchange("/graphql?query=" + mutation)
        self.assertEqual(status, 405)
        self.assertEqual(headers.get("Allow"), "POST")
        status, _, _ = self.server.request("/graphql", {"query": "{ __typename }"}, method="PUT")
        self.assertEqual(status, 405)

    def test_apis_agree_on_every_game(self) -> None:
        """A miniature of the comparison: REST and GraphQL describe each game alike (no injection)."""
        for game_id in self.dataset.sorted_game_ids:
            with self.subTest(game=game_id):
                _, rest = self.server.rest(f"/games/{game_id}")
                _, _, gql = self.server.graphql(GAME_QUERY, {"id": game_id})
                self.assertEqual(rest["result"]["title"], gql["data"]["game"]["name"])
                self.assertEqual(rest["result"]["draws_total"], str(gql["data"]["game"]["drawsCount"]))
                self.assertEqual(rest["result"]["ticket_price"], money(gql["data"]["game"]["ticketPrice"]))
                rest_logo = rest["result"]["logo"]
                gql_logo = gql["data"]["game"]["logo"]
                self.assertEqual(rest_logo and rest_logo["w"], gql_logo and gql_logo["width"])


class OptionServerTests(unittest.TestCase):
    server: RunningServer

    @classmethod
    def setUpClass(cls) -> None:
        cls.server = RunningServer("--token", "s3cret", "--long-as-string", "--inject-differences",
                                   "--fail-graphql-for", "keno")

    @classmethod
    def tearDownClass(cls) -> None:
        cls.server.stop()

    auth = {"Authorization": "Bearer s3cret"}

    def test_unauthorized(self) -> None:
        status, body = self.server.rest("/games")
        self.assertEqual(status, 401)
        self.assertEqual(body["error"]["code"], "UNAUTHORIZED")
        status, body = self.server.rest("/games", headers={"Authorization": "Bearer wrong"})
        self.assertEqual(status, 401)
        status, _, body = self.server.graphql("{ games { id } }")
        self.assertEqual(status, 401)
        self.assertTrue(body["errors"][0]["message"])
        status, _, body = self.server.graphql("{ games { id } }", headers=self.auth)
        self.assertEqual(status, 200)

    def test_long_as_string(self) -> None:
        status, _, body = self.server.graphql(GAME_QUERY, {"id": "7x49"}, headers=self.auth)
        self.assertEqual(status, 200)
        game = body["data"]["game"]
        self.assertEqual(game["drawsCount"], "9223372036854775807")
        self.assertEqual(game["superPrize"], "9223372036854775807")
        self.assertEqual(game["ticketPrice"], "10000")
        self.assertEqual(game["lastDraw"]["number"], "812")
        self.assertEqual(game["lastDraw"]["prizeCategories"][0]["amount"], "9223372036854775807")
        self.assertIsInstance(game["numbersCount"], int)  # Int stays a number

    def test_injected_differences(self) -> None:
        _, rest = self.server.rest("/games/5x36", headers=self.auth)
        _, _, gql = self.server.graphql(GAME_QUERY, {"id": "5x36"}, headers=self.auth)
        self.assertEqual(rest["result"]["title"], "Gosloto 5 of 36 plus")
        self.assertEqual(gql["data"]["game"]["name"], "Gosloto 5 of 36 plus (GraphQL)")
        self.assertEqual(rest["result"]["last_draw"]["prize_pool"],
                         money(int(gql["data"]["game"]["lastDraw"]["prizePool"]) + 1))
        _, rest = self.server.rest("/games/6x45/draws/9007199254740993", headers=self.auth)
        _, _, gql = self.server.graphql('{ draw(gameId: "6x45", number: 9007199254740993) { winningNumbers } }',
                                        headers=self.auth)
        self.assertEqual(rest["result"]["combination"], "4,8,15,16,23,42")
        self.assertEqual(gql["data"]["draw"]["winningNumbers"], [8, 4, 15, 16, 23, 42])
        _, rest = self.server.rest("/images/logo-keno", headers=self.auth)
        self.assertEqual(rest["result"]["w"], 97)

    def test_fail_graphql_for_game(self) -> None:
        status, _, body = self.server.graphql('{ game(id: "keno") { id } other: game(id: "rapid") { id } }',
                                              headers=self.auth)
        self.assertEqual(status, 200)
        self.assertEqual(body["data"], {"game": None, "other": {"id": "rapid"}})
        self.assertEqual(body["errors"][0]["path"], ["game"])
        status, body = self.server.rest("/games/keno", headers=self.auth)
        self.assertEqual(status, 200)  # REST is not affected


class ProcessTests(unittest.TestCase):
    def test_exits_when_stdin_closes(self) -> None:
        server = RunningServer()
        assert server.process.stdin is not None
        server.process.stdin.close()
        self.assertEqual(server.process.wait(timeout=HANG), 0)
        server.stop()

    def test_exits_on_sigterm(self) -> None:
        server = RunningServer()
        server.process.terminate()
        self.assertEqual(server.process.wait(timeout=HANG), 0)
        server.stop()

    def test_bad_dataset_is_reported(self) -> None:
        result = subprocess.run([sys.executable, str(HERE / "server.py"), "--dataset", str(HERE / "missing.json")],
                                capture_output=True, text=True, timeout=HANG, stdin=subprocess.DEVNULL)
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stdout, "")
        self.assertIn("missing.json", result.stderr)


if __name__ == "__main__":
    unittest.main()


class PersistedQueryTests(unittest.TestCase):
    """--apq (automatic persisted queries) and --trusted-documents (a manifest's documents only), by POST and GET."""

    DOCUMENT = 'query Logo{image(id:"logo-6x45"){id}}'

    @staticmethod
    def extensions(document: str) -> dict[str, Any]:
        return {"persistedQuery": {"version": 1, "sha256Hash": hashlib.sha256(document.encode()).hexdigest()}}

    def test_automatic_persisted_queries(self) -> None:
        server = RunningServer("--apq")
        try:
            extensions = self.extensions(self.DOCUMENT)
            status, _, body = server.request("/graphql", {"extensions": extensions})
            self.assertEqual(status, 200)
            self.assertEqual(body["errors"][0]["message"], "PersistedQueryNotFound")
            self.assertEqual(body["errors"][0]["extensions"]["code"], "PERSISTED_QUERY_NOT_FOUND")
            status, _, body = server.request("/graphql", {"query": self.DOCUMENT, "extensions": extensions})
            self.assertEqual(body, {"data": {"image": {"id": "logo-6x45"}}})
            query = urllib.parse.urlencode({"operationName": "Logo", "extensions": json.dumps(extensions)})
            status, _, body = server.request("/graphql?" + query)
            self.assertEqual((status, body), (200, {"data": {"image": {"id": "logo-6x45"}}}))
            wrong = {"persistedQuery": {"version": 1, "sha256Hash": "0" * 64}}
            status, _, body = server.request("/graphql", {"query": self.DOCUMENT, "extensions": wrong})
            self.assertEqual(status, 400)
            self.assertEqual(body["errors"][0]["message"], "provided sha does not match query")
        finally:
            server.stop()

    def test_trusted_documents(self) -> None:
        with tempfile.TemporaryDirectory() as folder:
            manifest = Path(folder) / "manifest.json"
            manifest.write_text(json.dumps({
                "format": "apollo-persisted-query-manifest", "version": 1,
                "operations": [{"id": hashlib.sha256(self.DOCUMENT.encode()).hexdigest(), "body": self.DOCUMENT,
                                "name": "Logo", "type": "query"}]}))
            server = RunningServer("--trusted-documents", str(manifest))
            try:
                status, _, body = server.request("/graphql", {"extensions": self.extensions(self.DOCUMENT)})
                self.assertEqual(body, {"data": {"image": {"id": "logo-6x45"}}})
                status, _, body = server.request("/graphql", {"query": self.DOCUMENT})
                self.assertEqual(body, {"data": {"image": {"id": "logo-6x45"}}})
                status, _, body = server.request("/graphql", {"query": "{ __typename }"})
                self.assertEqual(body["errors"][0]["extensions"]["code"], "PERSISTED_QUERY_NOT_IN_LIST")
                status, _, body = server.request("/graphql", {"extensions": self.extensions("{ __typename }")})
                self.assertEqual(body["errors"][0]["extensions"]["code"], "PERSISTED_QUERY_NOT_FOUND")
            finally:
                server.stop()
