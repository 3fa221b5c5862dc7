#!/usr/bin/env python3
"""graphql-core's side of the `codegen` benchmark (Benchmarks/CodegenBenchmark.swift).

Times, with time.perf_counter, what the Swift side times on graphql-core's own fixtures:

    parse_github_schema   graphql.parse(github_schema.graphql)
    parse_large_query     graphql.parse(large_query.graphql)
    build_github_schema   build_ast_schema(document) + validate_schema(schema)  (the schema checks that
                          graphql-core otherwise runs lazily on the first validate; GraphQLCodegen's
                          SchemaBuilder runs them while building)
    validate_large_query  validate(github schema, large_query, max_errors=10**9)

large_query.graphql is graphql-core's "Large query for serialization benchmarks": it is written against no
schema in the fixtures (it asks for `organization(id:)`, `membersCount`, ... that GitHub's schema does not
have), so its validation against GitHub's schema reports errors (863 with the limit lifted). Both sides
validate the whole document and must report the same errors.

Two ways to run it:

    python graphql_core_parse.py --fixtures DIR [--runs 9]   # warm-up + N rounds, prints one JSON object
    python graphql_core_parse.py --fixtures DIR --serve      # driven round by round over stdin/stdout

With --serve it prints a JSON line with the correctness facts, then answers each `round` (or `warmup`) line on
stdin with a JSON line of that round's times, and a `summary` line with the JSON medians and minimums of the
`round`s, then exits. The Swift benchmark uses it to alternate its own rounds with graphql-core's, so that load
from other processes hits both alike.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import statistics
import sys
import time
from pathlib import Path

import graphql
from graphql import build_ast_schema, parse, validate
from graphql.type import validate_schema

OPERATIONS = ["parse_github_schema", "parse_large_query", "build_github_schema", "validate_large_query"]
MAX_ERRORS = 10**9


class Workload:
    """The fixture texts and what the timed operations need from one another."""

    def __init__(self, fixtures: Path) -> None:
        self.schema_text = (fixtures / "github_schema.graphql").read_text(encoding="utf-8")
        self.query_text = (fixtures / "large_query.graphql").read_text(encoding="utf-8")
        self.schema_document = parse(self.schema_text)
        self.query_document = parse(self.query_text)
        self.schema = build_ast_schema(self.schema_document)
        self.schema_errors = validate_schema(self.schema)

    def facts(self) -> dict:
        """What the Swift side checks its own results against."""
        errors = validate(self.schema, self.query_document, max_errors=MAX_ERRORS)
        return {
            "graphql_core": graphql.__version__,
            "python": platform.python_version(),
            "definitions": {
                "github_schema": len(self.schema_document.definitions),
                "large_query": len(self.query_document.definitions),
            },
            "schema_errors": [error.message for error in self.schema_errors],
            "validation_errors": [error.message for error in errors],
        }

    def round(self) -> dict:
        """One run of every operation; milliseconds by operation.

        Each operation starts after an untimed gc.collect(), so that it does not pay for the garbage of the one
        before; the collector stays on while it runs, as in an application.
        """
        times = {}
        clock = time.perf_counter

        gc.collect()
        start = clock()
        parse(self.schema_text)
        times["parse_github_schema"] = (clock() - start) * 1000

        gc.collect()
        start = clock()
        parse(self.query_text)
        times["parse_large_query"] = (clock() - start) * 1000

        gc.collect()
        start = clock()
        schema = build_ast_schema(self.schema_document)
        validate_schema(schema)
        times["build_github_schema"] = (clock() - start) * 1000
        del schema

        # self.schema was validated once in __init__ (graphql-core caches that), as the Swift schema was built.
        gc.collect()
        start = clock()
        validate(self.schema, self.query_document, max_errors=MAX_ERRORS)
        times["validate_large_query"] = (clock() - start) * 1000
        return times


def summary(rounds: list[dict]) -> dict:
    return {
        "runs": len(rounds),
        "median_ms": {name: statistics.median(r[name] for r in rounds) for name in OPERATIONS},
        "min_ms": {name: min(r[name] for r in rounds) for name in OPERATIONS},
    }


def emit(value: dict) -> None:
    sys.stdout.write(json.dumps(value) + "\n")
    sys.stdout.flush()


def serve(workload: Workload) -> int:
    emit({"ready": True, **workload.facts()})
    rounds: list[dict] = []
    for line in sys.stdin:
        command = line.strip()
        if command in ("round", "warmup"):
            times = workload.round()
            if command == "round":
                rounds.append(times)
            emit({"ms": times})
        elif command == "summary":
            emit(summary(rounds))
            return 0
        else:
            emit({"error": f"unknown command {command!r}"})
            return 2
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fixtures", required=True, type=Path, help="graphql-core's tests/fixtures folder")
    parser.add_argument("--runs", type=int, default=9, help="timed rounds after one warm-up round")
    parser.add_argument("--serve", action="store_true", help="take round/summary commands on stdin")
    arguments = parser.parse_args()

    workload = Workload(arguments.fixtures)
    if arguments.serve:
        return serve(workload)
    workload.round()
    rounds = [workload.round() for _ in range(arguments.runs)]
    emit({**workload.facts(), **summary(rounds)})
    return 0


if __name__ == "__main__":
    sys.exit(main())
