#!/usr/bin/env python3
"""Captures the adapter tests' fixtures from a running reference backend.

Usage: python3 scripts/capture-fixtures.py http://127.0.0.1:PORT [--long-as-string-url URL]
Writes REST envelopes and GraphQL responses (to the app's own operations in
Sources/LotteryAPI/graphql/Operations.graphql) into Tests/LotteryBridgeTests/Fixtures/.
"""
import json, os, sys, urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Tests", "LotteryBridgeTests", "Fixtures")
DOC = open(os.path.join(ROOT, "Sources", "LotteryAPI", "graphql", "Operations.graphql")).read()
# The draw screen's query defers a fragment: a server that does not declare @defer refuses the whole document, so its
# definitions (and their descriptions) are left out; the fixtures do not use them.
DOC = "\n\n".join(
    part for part in DOC.split("\n\n")
    if "@defer" not in part and "fragment DrawPrizes " not in part
    and not part.startswith('"a draw\'s prize categories') and not part.startswith('"one draw for its screen'))


def get(url):
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    try:
        with urllib.request.urlopen(req) as r:
            return r.read()
    except urllib.error.HTTPError as e:
        return e.read()


def gql(base, op, variables):
    body = json.dumps({"query": DOC, "operationName": op, "variables": variables}).encode()
    req = urllib.request.Request(base + "/graphql", data=body, headers={
        "Content-Type": "application/json",
        "Accept": "application/graphql-response+json, application/json;q=0.9"})
    try:
        with urllib.request.urlopen(req) as r:
            return r.read()
    except urllib.error.HTTPError as e:
        return e.read()


def save(name, raw):
    # Pretty-print without touching numbers (json keeps ints exact).
    value = json.loads(raw)
    with open(os.path.join(OUT, name), "w") as f:
        json.dump(value, f, indent=2, ensure_ascii=False)
        f.write("\n")


def main():
    base = sys.argv[1].rstrip("/")
    os.makedirs(OUT, exist_ok=True)
    for game in ["6x45", "7x49", "ruslotto", "scratch-2027", "6x36"]:
        save(f"game-{game}.rest.json", get(f"{base}/api/v1/games/{game}"))
        save(f"game-{game}.graphql.json", gql(base, "Game", {"id": game}))
    for game, number in [("4x20", 2506), ("5x36", 123458), ("6x45", 9007199254740995), ("ruslotto", 1659)]:
        save(f"draw-{game}-{number}.rest.json", get(f"{base}/api/v1/games/{game}/draws/{number}"))
        save(f"draw-{game}-{number}.graphql.json", gql(base, "Draw", {"gameId": game, "number": number}))
    save("draws-5x36.rest.json", get(f"{base}/api/v1/games/5x36/draws?limit=10"))
    save("draws-5x36.graphql.json", gql(base, "Draws", {"gameId": "5x36", "last": 10}))
    save("image-logo-6x45.rest.json", get(f"{base}/api/v1/images/logo-6x45"))
    save("image-logo-6x45.graphql.json", gql(base, "Image", {"id": "logo-6x45"}))
    if len(sys.argv) > 3 and sys.argv[2] == "--long-as-string-url":
        alt = sys.argv[3].rstrip("/")
        save("game-7x49.graphql-long-as-string.json", gql(alt, "Game", {"id": "7x49"}))
        save("game-6x45.graphql-long-as-string.json", gql(alt, "Game", {"id": "6x45"}))


if __name__ == "__main__":
    main()
