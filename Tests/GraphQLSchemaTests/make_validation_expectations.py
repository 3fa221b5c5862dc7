#!/usr/bin/env python3
"""Writes the expectations of GraphQLSchemaTests from graphql-core 3.3.2 itself.

Runs graphql-core over the test corpora and writes what it reports, for the Swift tests to compare with
GraphQLSchema's SchemaBuilder and Validator:

* Fixtures/validation-corpus.graphql -> Fixtures/validation-expectations.json:
  ``validate(schema, parse(document))`` for each executable document, against the schema it names
  (Fixtures/schemas/<name>.graphqls; lottery.graphqls is refreshed from Sources/LotteryAPI/graphql).
* Fixtures/sdl-corpus.graphql -> Fixtures/sdl-expectations.json: ``validate_sdl(document)``, and when that
  finds nothing, ``validate_schema(build_ast_schema(document, assume_valid_sdl=True))``.
* With the folder of graphql-core's own test fixtures (argument or GRAPHQL_CORE_FIXTURES; see
  scripts/fetch-graphql-core-fixtures.sh) also Fixtures/graphql-core-fixture-expectations.json:
  github_schema.graphql's schema errors (none), the errors of large_query.graphql (a query written for another
  schema) validated against GitHub's schema, with the default limit of 100 errors and without limit, and the SDL
  errors of schema_kitchen_sink.graphql (which uses types and directives it does not define).

Usage (from the repository root):

    PY="$(bash scripts/python-env.sh)"
    "$PY" Tests/GraphQLSchemaTests/make_validation_expectations.py \
        "$(bash scripts/fetch-graphql-core-fixtures.sh)"
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import graphql
from graphql import (
    GraphQLError,
    GraphQLSyntaxError,
    Source,
    build_ast_schema,
    build_schema,
    parse,
    validate,
    validate_schema,
)
from graphql.validation.validate import validate_sdl

EXPECTED_VERSION = "3.3.2"
HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "Fixtures"
REPOSITORY = HERE.parent.parent


def split_corpus(path: Path) -> list[tuple[list[str], str]]:
    """The documents of a corpus file: (header words, text) for each "### ..." block."""
    documents: list[tuple[list[str], str]] = []
    header: list[str] | None = None
    lines: list[str] = []

    def flush() -> None:
        if header is not None:
            while lines and not lines[-1].strip():
                lines.pop()
            documents.append((header, "\n".join(lines)))

    for line in path.read_text(encoding="utf-8").split("\n"):
        if line.startswith("### "):
            flush()
            header = line[4:].split()
            lines = []
        elif header is not None:
            lines.append(line)
    flush()
    return documents


def describe(error: GraphQLError) -> dict:
    return {
        "message": error.message,
        "locations": [[location.line, location.column] for location in error.locations or []],
    }


def validation_expectations() -> dict:
    schemas = {}
    for schema_file in sorted((FIXTURES / "schemas").glob("*.graphqls")):
        schemas[schema_file.stem] = build_schema(schema_file.read_text(encoding="utf-8"))
        errors = validate_schema(schemas[schema_file.stem])
        if errors:
            raise SystemExit(f"{schema_file.name} is not a valid schema: {errors}")
    documents = []
    for header, text in split_corpus(FIXTURES / "validation-corpus.graphql"):
        identifier, schema_name = header[0], header[1]
        entry: dict = {"id": identifier, "schema": schema_name}
        try:
            document = parse(Source(text, identifier))
        except GraphQLSyntaxError as error:
            entry["syntaxError"] = describe(error)
        else:
            entry["errors"] = [describe(error) for error in validate(schemas[schema_name], document)]
        documents.append(entry)
    return {"graphqlCore": graphql.__version__, "documents": documents}


def sdl_expectations() -> dict:
    documents = []
    for header, text in split_corpus(FIXTURES / "sdl-corpus.graphql"):
        entry: dict = {"id": header[0]}
        document = parse(Source(text, header[0]))
        errors = validate_sdl(document)
        if errors:
            entry["stage"] = "sdl"
        else:
            entry["stage"] = "schema"
            errors = validate_schema(build_ast_schema(document, assume_valid_sdl=True))
        entry["errors"] = [describe(error) for error in errors]
        documents.append(entry)
    return {"graphqlCore": graphql.__version__, "documents": documents}


def fixture_expectations(fixtures: Path) -> dict:
    kitchen_sink = parse((fixtures / "schema_kitchen_sink.graphql").read_text(encoding="utf-8"))
    schema_document = parse((fixtures / "github_schema.graphql").read_text(encoding="utf-8"))
    sdl_errors = validate_sdl(schema_document)
    schema = build_ast_schema(schema_document)
    query = parse((fixtures / "large_query.graphql").read_text(encoding="utf-8"))
    return {
        "graphqlCore": graphql.__version__,
        "schemaErrors": [describe(error) for error in [*sdl_errors, *validate_schema(schema)]],
        "largeQueryErrors": [describe(error) for error in validate(schema, query)],
        "largeQueryAllErrors": [describe(error) for error in validate(schema, query, max_errors=1_000_000)],
        "schemaKitchenSinkErrors": [describe(error) for error in validate_sdl(kitchen_sink)],
    }


def write(name: str, content: dict) -> None:
    path = FIXTURES / name
    path.write_text(json.dumps(content, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {path.relative_to(REPOSITORY)}")


def main() -> None:
    if graphql.__version__ != EXPECTED_VERSION:
        raise SystemExit(f"graphql-core {EXPECTED_VERSION} is needed, this is {graphql.__version__}")
    lottery = REPOSITORY / "Sources" / "LotteryAPI" / "graphql" / "schema.graphqls"
    if lottery.exists():
        shutil.copyfile(lottery, FIXTURES / "schemas" / "lottery.graphqls")
    write("validation-expectations.json", validation_expectations())
    write("sdl-expectations.json", sdl_expectations())
    fixtures = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("GRAPHQL_CORE_FIXTURES")
    if fixtures:
        write("graphql-core-fixture-expectations.json", fixture_expectations(Path(fixtures)))


if __name__ == "__main__":
    main()
