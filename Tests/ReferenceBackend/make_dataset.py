#!/usr/bin/env python3
"""Generates Sources/LotteryBackend/Resources/dataset.json (see docs/DATASET.md).

The data set is deterministic: a fixed random seed and fixed schedules, so running
this script again gives the same file byte for byte. Edit the specs below, run

    python3 Tests/ReferenceBackend/make_dataset.py

and commit the result. Tests/ReferenceBackend/README.md lists the edge cases and where
they are; keep it in step when you move one.

The data is a snapshot taken at 2026-12-31T21:40:00Z (01.01.2027 00:40 Moscow time):
draws before that are COMPLETED (or CANCELLED), the next one is SELLING (or DRAWING,
POSTPONED), later ones are ANNOUNCED.
"""

from __future__ import annotations

import json
import random
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

INT64_MAX = 9_223_372_036_854_775_807
HERE = Path(__file__).resolve().parent
OUT = HERE.parent.parent / "Sources" / "LotteryBackend" / "Resources" / "dataset.json"

rng = random.Random(20261231)


def utc(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


def iso(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


IMAGES = [
    {"id": "banner-new-year-2027", "url": "https://cdn.lottery.example/banners/new-year-2027.jpg",
     "width": 1200, "height": 400},
    {"id": "logo-4x20", "url": "https://cdn.lottery.example/logos/4x20.png", "width": 128, "height": 128},
    {"id": "logo-5x36", "url": "https://cdn.lottery.example/logos/5x36.png", "width": 128, "height": 128},
    {"id": "logo-6x45", "url": "https://cdn.lottery.example/logos/6x45.png", "width": 128, "height": 128},
    {"id": "logo-7x49", "url": "https://cdn.lottery.example/logos/7x49.png", "width": 256, "height": 256},
    {"id": "logo-keno", "url": "https://cdn.lottery.example/logos/keno.png", "width": 96, "height": 96},
    {"id": "logo-lucky-ticket", "url": "https://cdn.lottery.example/logos/lucky-ticket.png",
     "width": 200, "height": 120},
    {"id": "logo-rapid", "url": "https://cdn.lottery.example/logos/rapid.png", "width": 128, "height": 128},
    {"id": "logo-ruslotto", "url": "https://cdn.lottery.example/logos/ruslotto.png", "width": 256, "height": 128},
    {"id": "logo-scratch-2027", "url": "https://cdn.lottery.example/logos/scratch-2027.png",
     "width": 512, "height": 512},
]


def game(**fields):
    base = {
        "id": None, "name": None, "type": "LOTTO", "typeCode": 1, "isActive": True,
        "ticketPrice": None, "currency": "RUB", "superPrize": None,
        "numbersCount": None, "numbersRange": None, "bonusRange": None,
        "logo": None, "nextDraw": None, "lastDraw": None, "drawsCount": None,
        "rulesUrl": None,
    }
    base.update(fields)
    return base


def draw(game_id, number, date, status, winning=(), bonus=(), prize_pool=None, super_prize=None,
         ledger_down=False, tickets_sold=0, categories=(), video=None):
    return {
        "gameId": game_id, "number": number, "date": iso(date), "status": status,
        "winningNumbers": list(winning), "bonusNumbers": list(bonus),
        "prizePool": prize_pool, "superPrize": super_prize, "ledgerDown": ledger_down,
        "ticketsSold": tickets_sold,
        "prizeCategories": [
            {"matched": m, "bonusMatched": b, "winners": w, "amount": a} for (m, b, w, a) in categories
        ],
        "videoUrl": video,
    }


def video_url(game_id, number):
    return f"https://video.lottery.example/draws/{game_id}/{number}.mp4"


def sample(count, upper):
    return rng.sample(range(1, upper + 1), count)


GAMES = []
DRAWS = []


# --- 4x20: the next draw is POSTPONED (a status the client schema does not know) --------------
def make_4x20():
    gid = "4x20"
    times = []
    moment = utc("2026-12-24T07:00:00Z")
    while len(times) < 18:
        times.append(moment)
        moment += timedelta(hours=11) if moment.hour == 7 else timedelta(hours=13)
    first_number = 2491
    numbers = [first_number + i for i in range(len(times))]
    # 2026-12-31T18:00Z should have been drawn at 21:00 MSK; it is POSTPONED. Then announced ones.
    super_prize = 9_876_543_200
    for number, when in zip(numbers, times):
        if when < utc("2026-12-31T18:00:00Z"):
            winning = sample(4, 20) + sample(4, 20)
            pool = rng.randrange(150_000, 400_000) * 100
            sold = rng.randrange(60_000, 140_000)
            super_prize += rng.randrange(10_000, 90_000) * 100
            cats = [(8, False, 0, super_prize), (7, False, rng.randrange(0, 4), 5_000_000),
                    (6, False, rng.randrange(20, 90), 300_000), (5, False, rng.randrange(300, 900), 20_000),
                    (4, False, rng.randrange(3000, 9000), 30_000)]
            DRAWS.append(draw(gid, number, when, "COMPLETED", winning, [], pool, super_prize, False, sold, cats,
                              video_url(gid, number) if number % 3 else None))
        elif when == utc("2026-12-31T18:00:00Z"):
            DRAWS.append(draw(gid, number, when, "POSTPONED", [], [], 31_250_000, super_prize, False, 129_004))
        else:
            DRAWS.append(draw(gid, number, when, "ANNOUNCED", [], [], None, None, False, 0))
    last = max(d["number"] for d in DRAWS if d["gameId"] == gid and d["status"] == "COMPLETED")
    GAMES.append(game(
        id=gid, name="Gosloto 4 of 20", ticketPrice=15000, superPrize=super_prize,
        numbersCount=8, numbersRange=20, logo="logo-4x20",
        nextDraw=last + 1, lastDraw=last, drawsCount=last,
        rulesUrl="https://lottery.example/rules/4x20"))


# --- 5x36: hourly, a bonus number from 1...4, a CANCELLED draw among the newest ten -------------
def make_5x36():
    gid = "5x36"
    start = utc("2026-12-30T21:00:00Z")
    times = [start + timedelta(hours=i) for i in range(28)]  # up to 2027-01-01T00:00Z
    first_number = 123_432
    super_prize = 1_180_000_000
    for i, when in enumerate(times):
        number = first_number + i
        if when == utc("2026-12-31T17:00:00Z"):
            DRAWS.append(draw(gid, number, when, "CANCELLED", [], [], None, None, False, 0))
        elif when <= utc("2026-12-31T21:00:00Z"):
            super_prize += rng.randrange(5_000, 40_000) * 10 + 50
            cats = [(5, True, 0, super_prize), (5, False, rng.randrange(0, 3), 20_000_000),
                    (4, True, rng.randrange(0, 10), 1_000_000), (4, False, rng.randrange(5, 40), 150_000),
                    (3, True, rng.randrange(20, 90), 50_000), (3, False, rng.randrange(200, 900), 15_000),
                    (2, True, rng.randrange(900, 3000), 8_000)]
            DRAWS.append(draw(gid, number, when, "COMPLETED", sample(5, 36), sample(1, 4),
                              rng.randrange(1_000_000, 2_500_000) * 100 + 50, super_prize, False,
                              rng.randrange(20_000, 60_000), cats, video_url(gid, number)))
        elif when == utc("2026-12-31T22:00:00Z"):
            DRAWS.append(draw(gid, number, when, "SELLING", [], [], 98_765_400, super_prize + 12_345_00, False,
                              18_211))
        else:
            DRAWS.append(draw(gid, number, when, "ANNOUNCED", [], [], None, None, False, 0))
    last = first_number + times.index(utc("2026-12-31T21:00:00Z"))
    GAMES.append(game(
        id=gid, name="Gosloto 5 of 36 plus", ticketPrice=8000, superPrize=super_prize + 12_345_00,
        numbersCount=5, numbersRange=36, bonusRange=4, logo="logo-5x36",
        nextDraw=last + 1, lastDraw=last, drawsCount=last,
        rulesUrl="https://lottery.example/rules/5x36"))


# --- 6x36: the inactive game: no logo, no next draw, no rules, no super prize ------------------
def make_6x36():
    gid = "6x36"
    start = utc("2019-09-08T19:00:00Z")  # Sundays, 22:00 Moscow time
    for i in range(12):
        number = 301 + i
        when = start + timedelta(days=7 * i)
        cats = [(6, False, 0, 300_000_000), (5, False, rng.randrange(0, 5), 2_500_000),
                (4, False, rng.randrange(30, 120), 120_000), (3, False, rng.randrange(800, 2400), 10_000)]
        DRAWS.append(draw(gid, number, when, "COMPLETED", sample(6, 36), [],
                          rng.randrange(80_000, 200_000) * 100, None, False, rng.randrange(9_000, 30_000), cats,
                          video_url(gid, number) if i >= 9 else None))
    GAMES.append(game(
        id=gid, name="Gosloto 6 of 36", isActive=False, ticketPrice=5000, superPrize=None,
        numbersCount=6, numbersRange=36, logo=None, nextDraw=None, lastDraw=312, drawsCount=312,
        rulesUrl=None))


# --- 6x45: draw numbers past 2^53; drawsCount = 2^53 + 1 -------------------------------------
def make_6x45():
    gid = "6x45"
    last = 9_007_199_254_740_993
    first = last - 19
    when = utc("2026-12-22T08:00:00Z")
    super_prize = 11_000_000_050
    number = first
    while number <= last + 2:
        if number <= last:
            super_prize += rng.randrange(10_000, 90_000) * 1000
            if number == last:
                super_prize = 12_345_678_950
            cats = [(6, False, 0, super_prize), (5, False, rng.randrange(0, 6), 15_000_000),
                    (4, False, rng.randrange(40, 160), 150_000), (3, False, rng.randrange(900, 3000), 30_000),
                    (2, False, rng.randrange(9000, 30000), 10_000)]
            winning = [4, 8, 15, 16, 23, 42] if number == last else sample(6, 45)
            DRAWS.append(draw(gid, number, when, "COMPLETED", winning, [],
                              rng.randrange(3_000_000, 6_000_000) * 100, super_prize, False,
                              rng.randrange(900_000, 1_600_000), cats,
                              video_url(gid, number) if number % 4 else None))
        elif number == last + 1:
            DRAWS.append(draw(gid, number, when, "SELLING", [], [], 412_300_000, 12_345_678_950, False, 402_118))
        else:
            DRAWS.append(draw(gid, number, when, "ANNOUNCED", [], [], None, None, False, 0))
        number += 1
        when += timedelta(hours=12)
    GAMES.append(game(
        id=gid, name="Gosloto 6 of 45", ticketPrice=10000, superPrize=12_345_678_950,
        numbersCount=6, numbersRange=45, bonusRange=None, logo="logo-6x45",
        nextDraw=last + 1, lastDraw=last, drawsCount=9_007_199_254_740_993,
        rulesUrl="https://lottery.example/rules/6x45"))


# --- 7x49: Int64.max everywhere it can be; draws at 21:00Z = 00:00 Moscow time next day ---------
def make_7x49():
    gid = "7x49"
    start = utc("2026-11-16T21:00:00Z")
    first_number = 790
    super_prize = 40_000_000_000
    for i in range(25):
        number = first_number + i
        when = start + timedelta(days=2 * i)
        if when <= utc("2026-12-30T21:00:00Z"):
            super_prize += rng.randrange(100_000, 900_000) * 1000
            prize = INT64_MAX if when == utc("2026-12-30T21:00:00Z") else super_prize
            cats = [(7, False, 0, prize), (6, False, rng.randrange(0, 4), 100_000_000),
                    (5, False, rng.randrange(5, 40), 1_500_000), (4, False, rng.randrange(200, 900), 100_000),
                    (3, False, rng.randrange(3000, 9000), 20_000)]
            DRAWS.append(draw(gid, number, when, "COMPLETED", sample(7, 49), [],
                              rng.randrange(5_000_000, 9_000_000) * 100, prize, False,
                              rng.randrange(300_000, 700_000), cats, video_url(gid, number)))
        elif when == utc("2027-01-01T21:00:00Z"):
            DRAWS.append(draw(gid, number, when, "SELLING", [], [], 250_000_000, INT64_MAX, False, 120_345))
        else:
            DRAWS.append(draw(gid, number, when, "ANNOUNCED", [], [], None, None, False, 0))
    last = first_number + 22  # 2026-12-30T21:00Z
    GAMES.append(game(
        id=gid, name="Gosloto 7 of 49", ticketPrice=10000, superPrize=INT64_MAX,
        numbersCount=7, numbersRange=49, logo="logo-7x49",
        nextDraw=last + 1, lastDraw=last, drawsCount=INT64_MAX,
        rulesUrl="https://lottery.example/rules/7x49"))


# --- keno: every 15 minutes across midnight of New Year; no super prize -----------------------
def make_keno():
    gid = "keno"
    start = utc("2026-12-31T16:05:00Z")
    first_number = 198_741
    for i in range(25):
        number = first_number + i
        when = start + timedelta(minutes=15 * i)
        if when <= utc("2026-12-31T21:35:00Z"):
            cats = [(10, False, 0, 1_000_000_000), (9, False, rng.randrange(0, 3), 2_500_000),
                    (8, False, rng.randrange(2, 20), 250_000), (7, False, rng.randrange(20, 120), 25_000),
                    (6, False, rng.randrange(200, 700), 5_000), (0, False, rng.randrange(5_000, 15_000), 10_000)]
            DRAWS.append(draw(gid, number, when, "COMPLETED", sample(20, 80), [],
                              rng.randrange(200_000, 900_000) * 100, None, False, rng.randrange(30_000, 90_000),
                              cats, None))
        elif when == utc("2026-12-31T21:50:00Z"):
            DRAWS.append(draw(gid, number, when, "SELLING", [], [], 31_415_900, None, False, 12_007))
        else:
            DRAWS.append(draw(gid, number, when, "ANNOUNCED", [], [], None, None, False, 0))
    last = first_number + 22
    GAMES.append(game(
        id=gid, name="Keno Sportloto", type="KENO", typeCode=2, ticketPrice=5000, superPrize=None,
        numbersCount=20, numbersRange=80, logo="logo-keno",
        nextDraw=last + 1, lastDraw=last, drawsCount=last,
        rulesUrl="https://lottery.example/rules/keno"))


# --- lucky-ticket: an INSTANT game: no next or last draw; completed series without numbers -----
def make_lucky_ticket():
    gid = "lucky-ticket"
    for i in range(12):
        number = 1 + i
        # The 1st of every month of 2026 at 00:00 Moscow time, i.e. 21:00Z the day before.
        month_start = datetime(2026, 1 + i, 1, tzinfo=timezone.utc)
        when = month_start - timedelta(hours=3)
        cats = [(3, False, rng.randrange(0, 3), 100_000_000), (2, False, rng.randrange(50, 200), 500_000),
                (1, False, rng.randrange(20_000, 60_000), 10_000)]
        DRAWS.append(draw(gid, number, when, "COMPLETED", [], [], rng.randrange(2_000_000, 5_000_000) * 100,
                          100_000_000, False, rng.randrange(200_000, 500_000), cats, None))
    GAMES.append(game(
        id=gid, name="Lucky Ticket", type="INSTANT", typeCode=4, ticketPrice=10000, superPrize=100_000_000,
        numbersCount=3, numbersRange=9, logo="logo-lucky-ticket", nextDraw=None, lastDraw=None, drawsCount=12,
        rulesUrl="https://lottery.example/rules/lucky-ticket"))


# --- rapid: every 15 minutes; 2026-12-31T21:30Z is 01.01.2027 00:30:00 in Moscow; a DRAWING draw --
def make_rapid():
    gid = "rapid"
    start = utc("2026-12-31T16:00:00Z")
    first_number = 654_299
    super_prize = 330_000_000
    for i in range(26):
        number = first_number + i
        when = start + timedelta(minutes=15 * i)
        if when <= utc("2026-12-31T21:30:00Z"):
            super_prize += rng.randrange(100, 900) * 100
            cats = [(8, True, 0, super_prize), (8, False, rng.randrange(0, 2), 10_000_000),
                    (7, True, rng.randrange(0, 5), 1_000_000), (7, False, rng.randrange(2, 20), 50_000),
                    (6, False, rng.randrange(50, 200), 5_000), (5, True, rng.randrange(200, 800), 1_050)]
            DRAWS.append(draw(gid, number, when, "COMPLETED", sample(8, 20), sample(1, 4),
                              rng.randrange(100_000, 400_000) * 100, super_prize, False,
                              rng.randrange(10_000, 40_000), cats, video_url(gid, number) if i % 2 else None))
        elif when == utc("2026-12-31T21:45:00Z"):
            DRAWS.append(draw(gid, number, when, "DRAWING", [], [], 21_000_000, super_prize + 5_000_000, False,
                              28_904))
        elif when == utc("2026-12-31T22:00:00Z"):
            DRAWS.append(draw(gid, number, when, "SELLING", [], [], 1_200_000, None, False, 1_020))
        else:
            DRAWS.append(draw(gid, number, when, "ANNOUNCED", [], [], None, None, False, 0))
    last = first_number + 22  # 21:30Z
    GAMES.append(game(
        id=gid, name="Rapido", type="RAPID", typeCode=3, ticketPrice=6000, superPrize=super_prize + 5_000_000,
        numbersCount=8, numbersRange=20, bonusRange=4, logo="logo-rapid",
        nextDraw=last + 1, lastDraw=last, drawsCount=last,
        rulesUrl="https://lottery.example/rules/rapid"))


# --- ruslotto: the last draw's prize ledger is down (ledgerDown) ------------------------------
def make_ruslotto():
    gid = "ruslotto"
    start = utc("2026-08-16T11:00:00Z")  # Sundays, 14:00 Moscow time
    first_number = 1640
    super_prize = 45_000_000_000
    for i in range(20):
        number = first_number + i
        when = start + timedelta(days=7 * i)
        winning = sample(rng.randrange(58, 72), 90)
        super_prize += rng.randrange(1_000_000, 9_000_000) * 100
        cats = [(15, False, rng.randrange(0, 2), super_prize), (14, False, rng.randrange(1, 8), 100_000_000),
                (13, False, rng.randrange(10, 60), 1_000_000), (12, False, rng.randrange(100, 400), 100_000),
                (11, False, rng.randrange(1_000, 9_000), 15_000)]
        ledger_down = i == 19
        DRAWS.append(draw(gid, number, when, "COMPLETED", winning, [],
                          None if ledger_down else rng.randrange(80_000_000, 160_000_000) * 100,
                          None if ledger_down else super_prize, ledger_down,
                          rng.randrange(2_000_000, 4_000_000), cats, video_url(gid, number)))
    # The New Year draw (Friday 1 January, 14:00 Moscow time) and the Sunday after it.
    DRAWS.append(draw(gid, first_number + 20, utc("2027-01-01T11:00:00Z"), "SELLING", [], [],
                      100_000_000_000, 50_000_000_000, False, 9_876_543))
    DRAWS.append(draw(gid, first_number + 21, utc("2027-01-03T11:00:00Z"), "ANNOUNCED", [], [], None, None,
                      False, 0))
    last = first_number + 19
    GAMES.append(game(
        id=gid, name="Russian Lotto", ticketPrice=15000, superPrize=50_000_000_000,
        numbersCount=15, numbersRange=90, logo="logo-ruslotto",
        nextDraw=last + 1, lastDraw=last, drawsCount=last,
        rulesUrl="https://lottery.example/rules/ruslotto"))


# --- scratch-2027: a game type the client schema does not know (SCRATCH, code 5) --------------
def make_scratch():
    gid = "scratch-2027"
    start = utc("2026-12-18T09:00:00Z")
    for i in range(16):
        number = 1 + i
        when = start + timedelta(days=i)
        if when < utc("2026-12-31T09:00:00Z"):
            cats = [(3, False, rng.randrange(0, 2), 2_027_000_000), (2, False, rng.randrange(10, 40), 2_027_00),
                    (1, False, rng.randrange(500, 2000), 20_000)]
            DRAWS.append(draw(gid, number, when, "COMPLETED", sample(3, 10), [],
                              rng.randrange(500_000, 900_000) * 100, 2_027_000_000, False,
                              rng.randrange(40_000, 90_000), cats, None))
        elif when == utc("2026-12-31T09:00:00Z"):
            DRAWS.append(draw(gid, number, when, "COMPLETED", sample(3, 10), [], 202_700_000, 2_027_000_000,
                              False, 202_700, [(3, False, 1, 2_027_000_000)],
                              video_url(gid, number)))
        elif when == utc("2027-01-01T09:00:00Z"):
            DRAWS.append(draw(gid, number, when, "SELLING", [], [], 10_000_000, 2_027_000_000, False, 1_234))
        else:
            DRAWS.append(draw(gid, number, when, "ANNOUNCED", [], [], None, None, False, 0))
    GAMES.append(game(
        id=gid, name="New Year Scratch 2027", type="SCRATCH", typeCode=5, ticketPrice=20000,
        superPrize=2_027_000_000, numbersCount=3, numbersRange=10, logo="logo-scratch-2027",
        nextDraw=15, lastDraw=14, drawsCount=14, rulesUrl="https://lottery.example/rules/scratch-2027"))


def validate():
    images = {image["id"] for image in IMAGES}
    numbers = {}
    for d in DRAWS:
        key = (d["gameId"], d["number"])
        assert key not in numbers, f"duplicate draw {key}"
        numbers[key] = d
        if d["status"] != "COMPLETED":
            assert not d["winningNumbers"] and not d["bonusNumbers"], key
        if d["ledgerDown"]:
            assert d["prizePool"] is None and d["superPrize"] is None, key
        for value in (d["number"], d["prizePool"], d["superPrize"], d["ticketsSold"]):
            assert value is None or 0 <= value <= INT64_MAX, key
    for g in GAMES:
        assert g["logo"] is None or g["logo"] in images, g["id"]
        for field in ("nextDraw", "lastDraw"):
            assert g[field] is None or (g["id"], g[field]) in numbers, (g["id"], field)
        count = sum(1 for d in DRAWS if d["gameId"] == g["id"])
        assert 12 <= count <= 30, (g["id"], count)


def dump() -> str:
    lines = ["{", '  "images": [']
    lines += [f"    {json.dumps(image, ensure_ascii=False)}," for image in IMAGES]
    lines[-1] = lines[-1].rstrip(",")
    lines += ["  ],", '  "games": [']
    games = sorted(GAMES, key=lambda g: g["id"])
    lines += [f"    {json.dumps(g, ensure_ascii=False)}," for g in games]
    lines[-1] = lines[-1].rstrip(",")
    lines += ["  ],", '  "draws": [']
    draws = sorted(DRAWS, key=lambda d: (d["gameId"], d["number"]))
    lines += [f"    {json.dumps(d, ensure_ascii=False)}," for d in draws]
    lines[-1] = lines[-1].rstrip(",")
    lines += ["  ]", "}"]
    return "\n".join(lines) + "\n"


def main() -> int:
    for make in (make_4x20, make_5x36, make_6x36, make_6x45, make_7x49, make_keno, make_lucky_ticket,
                 make_rapid, make_ruslotto, make_scratch):
        make()
    validate()
    text = dump()
    json.loads(text)
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    target.write_text(text, encoding="utf-8")
    print(f"wrote {target}: {len(GAMES)} games, {len(DRAWS)} draws, {len(IMAGES)} images", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
