#!/usr/bin/env python3
"""Produce the graphql-core expectations the GraphQLParser tests compare with.

Runs graphql-core (the version pinned below) on a table of documents and writes
Fixtures/graphql-core-expectations.json: syntax errors (message, line, column),
decoded string values, printed documents, the line/column of every name, and a
seeded sample of randomly edited documents (graphql-core's error, or its
print_ast output when it accepts the edit).

    python3 -m venv /tmp/gqlvenv && /tmp/gqlvenv/bin/pip install graphql-core==3.3.2
    /tmp/gqlvenv/bin/python Tests/GraphQLParserTests/make_expected.py           # rewrite the fixture
    /tmp/gqlvenv/bin/python Tests/GraphQLParserTests/make_expected.py --check   # exit 1 if it is stale
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import graphql
from graphql import GraphQLError, parse, parse_const_value, parse_type, parse_value, print_ast
from graphql.language import parse_schema_coordinate
from graphql.language import NameNode, Visitor, visit

GRAPHQL_CORE_VERSION = "3.3.2"
FIXTURE = Path(__file__).resolve().parent / "Fixtures" / "graphql-core-expectations.json"

# (name, source, kind, options); kind is document, value, constValue, type or schemaCoordinate.
SYNTAX_ERRORS = [
    ("empty document", "", "document", {}),
    ("only whitespace and comments", "  # nothing\n\t,\n", "document", {}),
    ("unterminated string", '{ a(s: "abc) }', "document", {}),
    ("unterminated string at end", '{ a(s: "abc', "document", {}),
    ("line feed in string", '{ a(s: "ab\ncd") }', "document", {}),
    ("carriage return in string", '{ a(s: "ab\rcd") }', "document", {}),
    ("unterminated block string", '{ a(s: """abc\n  def', "document", {}),
    ("block string ending in escaped quotes", '{ a(s: """abc\\"""', "document", {}),
    ("bad escape", '{ a(s: "\\x") }', "document", {}),
    ("bad escape with astral character", '{ a(s: "\\😀") }', "document", {}),
    ("backslash at end", '{ a(s: "abc\\', "document", {}),
    ("bad hex in unicode escape", '{ a(s: "\\u12G4") }', "document", {}),
    ("truncated unicode escape", '{ a(s: "\\u00', "document", {}),
    ("lone leading surrogate", '{ a(s: "\\uD800") }', "document", {}),
    ("lone trailing surrogate", '{ a(s: "\\uDC00") }', "document", {}),
    ("leading surrogate then letter", '{ a(s: "\\uD83D\\u0041") }', "document", {}),
    ("leading surrogate then leading surrogate", '{ a(s: "\\uD83D\\uD83D") }', "document", {}),
    ("variable width surrogate", '{ a(s: "\\u{D800}") }', "document", {}),
    ("variable width too large", '{ a(s: "\\u{110000}") }', "document", {}),
    ("variable width empty", '{ a(s: "\\u{}") }', "document", {}),
    ("variable width unterminated", '{ a(s: "\\u{1F600") }', "document", {}),
    ("variable width too long", '{ a(s: "\\u{000000001}") }', "document", {}),
    ("variable width non-hex", '{ a(s: "\\u{12é}") }', "document", {}),
    ("unexpected character", "{ a ? }", "document", {}),
    ("unexpected astral character", "{ 😀 }", "document", {}),
    ("unexpected latin character", "{ é }", "document", {}),
    ("unexpected control character", "{ a \u0007 }", "document", {}),
    ("unexpected dot", "{ a . b }", "document", {}),
    ("single quote", "{ a(s: 'x') }", "document", {}),
    ("astral characters before the error", '{ a(s: "😀😀") ? }', "document", {}),
    ("astral escapes before the error", '{ a(s: "\\u{1F600}\\uD83D\\uDE00") ? }', "document", {}),
    ("astral characters in a block string", '{ a(s: """😀\n 😀😀 x""") ? }', "document", {}),
    ("byte order mark", "\ufeff{ a ? }", "document", {}),
    ("tab before error", "{\ta\t?\t}", "document", {}),
    ("crlf line endings", "{\r\n  a\r\n  ?\r\n}", "document", {}),
    ("lone carriage returns", "{\r\r  a ?}", "document", {}),
    ("crlf in block string", '{ a(s: """x\r\ny\r\n""") ? }', "document", {}),
    ("missing closing brace", "{ a { b }", "document", {}),
    ("extra closing brace", "{ a } }", "document", {}),
    ("missing selection set", "query Q", "document", {}),
    ("selection set expected", "query Q a }", "document", {}),
    ("alias without name", "{ a: }", "document", {}),
    ("string as field", '{ "desc" a }', "document", {}),
    ("fragment on on on", "fragment on on on { a }", "document", {}),
    ("fragment named by a string", 'fragment "on" on T { a }', "document", {}),
    ("fragment without type condition", "fragment F { a }", "document", {}),
    ("spread of on", "{ ...on }", "document", {}),
    ("spread without selection set", "{ ... }", "document", {}),
    ("two dots", "{ .. a }", "document", {}),
    ("spread of a string", '{ ..."x" }', "document", {}),
    ("leading zero", "{ a(x: 00) }", "document", {}),
    ("negative leading zero", "{ a(x: -01) }", "document", {}),
    ("dot without fraction", "{ a(x: 1.) }", "document", {}),
    ("exponent without digits", "{ a(x: 1e) }", "document", {}),
    ("exponent sign without digits", "{ a(x: 1e+) }", "document", {}),
    ("hexadecimal number", "{ a(x: 0x1) }", "document", {}),
    ("number followed by a letter", "{ a(x: 1a) }", "document", {}),
    ("fraction without integer part", "{ a(x: .5) }", "document", {}),
    ("two fractions", "{ a(x: 1.5.5) }", "document", {}),
    ("number followed by spread", "{ a(x: 1...) }", "document", {}),
    ("minus alone", "{ a(x: -) }", "document", {}),
    ("minus at end", "{ a(x: -", "document", {}),
    ("variable in constant default", "query ($a: Int = $b) { a }", "document", {}),
    ("dollar in constant default", "query ($a: Int = $) { a }", "document", {}),
    ("variable in directive of variable", "query ($a: Int @d(x: $a)) { a }", "document", {}),
    ("missing variable type", "query ($a) { a }", "document", {}),
    ("unclosed list type", "query ($a: [Int) { a }", "document", {}),
    ("unclosed arguments", "{ a(x: 1 }", "document", {}),
    ("description on shorthand", '"desc" { a }', "document", {}),
    ("description on extension", '"desc" extend type A @d', "document", {}),
    ("unknown definition", "foo { a }", "document", {}),
    ("unknown extension", "extend foo A", "document", {}),
    ("empty type body", "type A {}", "document", {}),
    ("extension without content", "extend type A", "document", {}),
    ("scalar extension without directives", "extend scalar S", "document", {}),
    ("schema extension without content", "extend schema", "document", {}),
    ("unknown directive location", "directive @d on FIELD | FOO", "document", {}),
    ("directive definition without on", "directive @d(a: Int) FIELD", "document", {}),
    ("unknown operation type in schema", "schema { foo: Bar }", "document", {}),
    ("reserved enum value", "enum E { A true }", "document", {}),
    ("reserved enum value as string", 'enum E { "desc" "null" }', "document", {}),
    ("implements without type", "type A implements { a: Int }", "document", {}),
    ("union without members", "union U = ", "document", {}),
    ("input field without type", "input I { a }", "document", {}),
    ("variable in input default", "input I { a: Int = $v }", "document", {}),
    ("selection sets nested too deeply", "{" * 201 + "a" + "}" * 201, "document", {}),
    ("fields nested too deeply", "{ " + "a {" * 200 + "b" + "}" * 200 + " }", "document", {}),
    ("lists nested too deeply", "{ a(x: " + "[" * 200 + "]" * 200 + ") }", "document", {}),
    ("objects nested too deeply", "{ a(x: " + "{a:" * 200 + "1" + "}" * 200 + ") }", "document", {}),
    ("list types nested too deeply", "query ($a: " + "[" * 201 + "Int" + "]" * 201 + ") { a }", "document", {}),
    ("token limit", "{ a b c }", "document", {"maxTokens": 3}),
    ("token limit ignores comments", "# one\n{ a # two\n b }", "document", {"maxTokens": 3}),
    ("value: unclosed list", "[1, 2", "value", {}),
    ("value: trailing token", "1 2", "value", {}),
    ("value: empty", "", "value", {}),
    ("value: object without colon", "{ a 1 }", "value", {}),
    ("const value: variable", "{ a: $x }", "constValue", {}),
    ("type: unclosed list", "[Int", "type", {}),
    ("type: double bang", "Int!!", "type", {}),
    ("type: number", "1", "type", {}),
    ("coordinate: space", "Query. game", "schemaCoordinate", {}),
    ("coordinate: trailing space", "Query ", "schemaCoordinate", {}),
    ("coordinate: comment", "Query#x", "schemaCoordinate", {}),
    ("coordinate: empty", "", "schemaCoordinate", {}),
    ("coordinate: astral character", "Query.😀", "schemaCoordinate", {}),
    ("coordinate: missing member", "Query.", "schemaCoordinate", {}),
    ("coordinate: argument of a type", "Query(id:)", "schemaCoordinate", {}),
    ("coordinate: argument without colon", "Query.game(id)", "schemaCoordinate", {}),
    ("coordinate: unclosed argument", "Query.game(id:", "schemaCoordinate", {}),
    ("coordinate: member of a directive", "@skip.if", "schemaCoordinate", {}),
    ("coordinate: three parts", "A.b.c", "schemaCoordinate", {}),
    ("coordinate: spread", "...", "schemaCoordinate", {}),
]

# Values of string literals (parsed with parse_value).
STRING_VALUES = [
    ("plain", '"hello"'),
    ("empty", '""'),
    ("simple escapes", '"a\\"b\\\\c\\/d\\be\\ff\\ng\\rh\\ti"'),
    ("fixed unicode escape", '"caf\\u00e9 \\u00E9"'),
    ("surrogate pair escape", '"\\uD83D\\uDE00"'),
    ("variable unicode escape", '"\\u{1F600} \\u{0} \\u{00000041}"'),
    ("raw astral characters", '"😀 𝄞 é"'),
    ("control characters", '"a\u0001b\u007fc"'),
    ("block string", '"""hello"""'),
    ("block string indentation", '"""\n    Hello,\n      World!\n\n    Yours,\n      GraphQL.\n  """'),
    ("block string first line kept", '"""  first\n    second\n      third"""'),
    ("block string blank lines", '"""\n\n   \n  a\n\n  b\n  \n\n"""'),
    ("block string escaped quotes", '"""a \\""" b \\"""\\""" end"""'),
    ("block string other escapes kept", '"""\\n \\u00e9 \\\\ end"""'),
    ("block string crlf", '"""\r\n  a\r\n  b\r\n"""'),
    ("block string lone cr", '"""\r  a\r  b\r"""'),
    ("block string tabs", '"""\n\t\ta\n\t\tb\n"""'),
    ("block string only whitespace", '"""   \n   """'),
    ("block string astral", '"""\n  😀\n    𝄞\n"""'),
    ("block string quotes", '""" "a" ""b"" """'),
]

# Documents printed with print_ast.
PRINTING = [
    ("shorthand query", "query { a }"),
    ("named query", "query Q { a }"),
    ("anonymous query with directive", "query @d { a }"),
    ("operation with variables", "query Q($a: Int = 1 @d, $b: [String!]! = [\"x\"]) @live { a(x: $a) { b } }"),
    ("mutation", "mutation M { like(id: 1) { count } }"),
    ("subscription", "subscription S { events { id } }"),
    ("aliases and fragments", "{ x: a ...F ... on T { b } ... @include(if: true) { c } }"
     " fragment F on T @d { d }"),
    ("empty selection set", "{ a { } }"),
    ("values", '{ a(i: -1, f: 1.5e-3, s: "x\\ny\\"", b: true, n: null, e: RED, l: [1, [2]], o: {a: {}}, v: $v) }'),
    ("control characters in strings", '{ a(s: "\\u0000\\u0007\\b\\t\\n\\u000B\\f\\r\\u001F\\u007F\\u0080\\u009F\\u00A0") }'),
    ("long arguments wrap",
     "{ someField(firstArgument: \"a long string value\", secondArgument: 12345, third: ENUM_VALUE) { id } }"),
    ("long list wraps", "{ a(list: [\"aaaaaaaaaa\", \"bbbbbbbbbb\", \"cccccccccc\", \"dddddddddd\", "
     "\"eeeeeeeeee\", \"ffffffffff\"]) }"),
    ("long object wraps", "{ a(o: {firstField: \"aaaaaaaaaaaa\", secondField: \"bbbbbbbbbbbb\", "
     "thirdField: \"cccccccccccccc\"}) }"),
    ("astral characters count once", "{ a(s: \"" + "😀" * 60 + "\", t: \"0123456789\") }"),
    ("block string argument", '{ a(s: """\n  multi\n  line\n""") }'),
    ("block string with trailing quote", '{ a(s: """\nends with "quote"\n""", t: """x\\""" y""") }'),
    ("block string long line", '{ a(s: """' + "x" * 75 + '""") }'),
    ("block string leading space", '{ a(s: """  indented""") }'),
    ("descriptions on executable definitions",
     '"Query" query Q("the id" $id: ID) { a } """\nFragment\n""" fragment F on T { b }'),
    ("schema", '"""The schema""" schema @d { query: Q mutation: M subscription: S }'),
    ("types", 'scalar Date @specifiedBy(url: "https://example.com") '
     'type A implements & B & C @d { "field" f(a: Int = 1, "b" b: [Int!]): String @deprecated(reason: "x") } '
     'interface B implements C { f: String } union U = | A | B enum E { "one" ONE @d TWO } '
     'input I @oneOf { a: Int = 1 @d b: String }'),
    ("directive definitions", 'directive @a(x: Int) repeatable on FIELD | QUERY '
     'directive @b("described" y: Int) on | OBJECT directive @c @meta on SCHEMA'),
    ("extensions", "extend schema @d { query: Q } extend scalar S @d extend type A implements B { f: Int } "
     "extend interface I @d extend union U = A extend enum E { X } extend input I { a: Int } "
     "extend directive @x @d"),
    ("comments and commas are dropped", "# comment\n{ a,, b # trailing\n }"),
]

# Valid schema coordinates (printed with print_ast).
SCHEMA_COORDINATES = ["Query", "Query.game", "Game.draws(limit:)", "@deprecated", "@deprecated(reason:)", "_a1.__b"]

# Documents whose name tokens' positions are compared.
NAME_LOCATIONS = [
    ("astral characters", 'query Q { a(s: "😀😀", t: "𝄞") b(u: """😀\n 😀 x""") c }'),
    ("latin characters", '{ a(s: "é") b # é comment\n c }'),
    ("crlf", "query Q {\r\n  a\r\n  b(x: \"\\u00e9\")\r\n}\r\nfragment F on T { c }"),
    ("lone cr", "{\r a\r\r b }"),
    ("byte order mark", "\ufeff{ a b }"),
    ("block string lines", 'type T {\n  """\n  doc 😀\n  """\n  f: Int\n  "d" g: Int }'),
    ("tabs", "{\ta\t\tb }"),
]


# Seed documents for the mutation cases: random small edits that graphql-core accepts or rejects.
MUTATION_SEEDS = [
    'query Q($a: [Int!]! = [1, 2] @d, "d" $b: String = "x\\u00e9\\uD83D\\uDE00\\u{1F600}") @live {\n'
    '  a: f(x: {a: [1.5e3, -0, "😀"], b: """\n  blk 😀\r\n  x"""}) { ...F ... on T { g } }\n}\r\n'
    "fragment F on T @d(x: $a) { h(y: ENUM, z: null) }\n# 😀 comment\n",
    '"""\nSchema 😀\n"""\nschema { query: Q }\ntype Q implements & A & B @d(x: "y") {\n'
    '  "f" f(a: Int = 1 @d, b: [String!] = ["a"]): [Q!]! @deprecated\n}\n'
    "union U = | A | B\nenum E { A @d B }\ninput I { a: Int = 1, b: E = A }\n"
    "directive @d(x: String) repeatable on FIELD | OBJECT\nextend type Q @e\n",
    '{ a(s: "abc\\n\\u00e9\\u{1F600}", t: """  x\n   y \\""" z""", n: [1, -2.5e+3, 0, 0.0]) { b ...on T { c } } }',
]
MUTATION_PIECES = list('{}()[]:!$@=&|."\\\'#,\n\r\t 0123456789eE+-aZ_') + [
    "...", '"""', '\\"""', "\\u", "\\u{", "\\uD83D", "\\uDE00", "D800", "on", "query", "fragment",
    "extend", "type", "😀", "é", "\ufeff", "\u0007", "\r\n",
]
MUTATION_COUNT = 300


def mutations() -> list[dict]:
    generator = random.Random(20251129)
    cases = []
    while len(cases) < MUTATION_COUNT:
        source = generator.choice(MUTATION_SEEDS)
        for _ in range(generator.randint(1, 3)):
            position = generator.randrange(len(source) + 1)
            operation = generator.random()
            if operation < 0.4:
                source = source[:position] + generator.choice(MUTATION_PIECES) + source[position:]
            elif operation < 0.8:
                source = source[:position] + source[position + generator.randint(1, 4) :]
            else:
                start = generator.randrange(len(source) + 1)
                source = source[:position] + source[start : start + generator.randint(1, 10)] + source[position:]
        try:
            document = parse(source)
        except GraphQLError as error:
            (location,) = error.locations
            cases.append({"source": source, "message": error.message, "line": location.line,
                          "column": location.column})
        else:
            cases.append({"source": source, "pretty": print_ast(document)})
    return cases


def run(kind: str, source: str, options: dict):
    kwargs = {}
    if "maxTokens" in options:
        kwargs["max_lexical_tokens"] = options["maxTokens"]
    function = {
        "document": parse,
        "value": parse_value,
        "constValue": parse_const_value,
        "type": parse_type,
        "schemaCoordinate": parse_schema_coordinate,
    }[kind]
    return function(source, **kwargs)


def syntax_errors() -> list[dict]:
    cases = []
    for name, source, kind, options in SYNTAX_ERRORS:
        try:
            run(kind, source, options)
        except GraphQLError as error:
            (location,) = error.locations
            case = {"name": name, "kind": kind, "source": source, "message": error.message,
                    "line": location.line, "column": location.column}
            if options:
                case["options"] = options
            cases.append(case)
        else:
            raise SystemExit(f"expected a syntax error for {name!r}")
    return cases


def name_locations(source: str) -> list[dict]:
    names = []

    class Collector(Visitor):
        def enter_name(self, node: NameNode, *_args):
            token = node.loc.start_token
            names.append({"value": node.value, "line": token.line, "column": token.column})

    visit(parse(source), Collector())
    return sorted(names, key=lambda name: (name["line"], name["column"]))


def expectations() -> dict:
    return {
        "graphqlCoreVersion": graphql.__version__,
        "syntaxErrors": syntax_errors(),
        "stringValues": [
            {"name": name, "source": source, "value": parse_value(source).value} for name, source in STRING_VALUES
        ],
        "printing": [{"name": name, "source": source, "pretty": print_ast(parse(source))} for name, source in PRINTING],
        "nameLocations": [
            {"name": name, "source": source, "names": name_locations(source)} for name, source in NAME_LOCATIONS
        ],
        "schemaCoordinates": [
            {"source": source, "printed": print_ast(parse_schema_coordinate(source)),
             "kind": parse_schema_coordinate(source).kind}
            for source in SCHEMA_COORDINATES
        ],
        "mutations": mutations(),
    }


def main() -> int:
    if graphql.__version__ != GRAPHQL_CORE_VERSION:
        print(f"needs graphql-core {GRAPHQL_CORE_VERSION}, found {graphql.__version__}", file=sys.stderr)
        return 2
    text = json.dumps(expectations(), ensure_ascii=False, indent=2) + "\n"
    if "--check" in sys.argv[1:]:
        if FIXTURE.read_text(encoding="utf-8") != text:
            print(f"{FIXTURE} is stale: rerun {Path(__file__).name}", file=sys.stderr)
            return 1
        print(f"{FIXTURE.name} agrees with graphql-core {graphql.__version__}")
        return 0
    FIXTURE.write_text(text, encoding="utf-8")
    print(f"wrote {FIXTURE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
