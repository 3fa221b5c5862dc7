#!/usr/bin/env python3
"""Validates many documents against one schema with graphql-core, in one process (for the generator's property test).

Reads JSON from standard input: {"schema": "<path to SDL>", "documents": ["...", ...]}. Writes JSON to standard
output: one list per document of graphql-core's messages (syntax errors included); an empty list means valid.
"""

import json
import sys

from graphql import GraphQLError, build_schema, parse, validate


def main() -> None:
    request = json.load(sys.stdin)
    with open(request["schema"], encoding="utf-8") as handle:
        schema = build_schema(handle.read())
    verdicts = []
    for text in request["documents"]:
        try:
            document = parse(text)
        except GraphQLError as error:
            verdicts.append([error.message])
            continue
        verdicts.append([error.message for error in validate(schema, document)])
    json.dump(verdicts, sys.stdout)


if __name__ == "__main__":
    main()
