import Testing

@testable import GraphQLCodegen

/// Swift spellings of GraphQL names, and the layout of long document strings.
@Suite("Swift names and layout")
struct SwiftNamesTests {
    @Test(
        "enum values become lower camel case cases",
        arguments: [
            ("COMPLETED", "completed"), ("IN_PROGRESS", "inProgress"), ("inProgress", "inProgress"),
            ("In_Progress", "inProgress"), ("HTTP_URL", "httpUrl"), ("_2FA", "_2fa"), ("P0", "p0"),
            ("__internal", "_internal"),
        ])
    func enumCases(value: String, expected: String) {
        #expect(SwiftNames.enumCaseName(value) == expected)
    }

    @Test("keywords are escaped; argument labels only where Swift requires it")
    func escaping() {
        #expect(SwiftNames.escaped("default") == "`default`")
        #expect(SwiftNames.escaped("name") == "name")
        #expect(SwiftNames.argumentLabel("in") == "in")
        #expect(SwiftNames.argumentLabel("inout") == "`inout`")
    }

    @Test(
        "list item structs get singular names",
        arguments: [
            ("categories", "category"), ("games", "game"), ("addresses", "address"), ("matches", "match"),
            ("status", "status"), ("analysis", "analysis"), ("data", "data"),
        ])
    func singular(plural: String, expected: String) {
        #expect(SwiftNames.singularized(plural) == expected)
    }

    @Test("fragment names become property names")
    func lowerCamel() {
        #expect(SwiftNames.lowerCamelCased("GameDetails") == "gameDetails")
        #expect(SwiftNames.lowerCamelCased("URLFields") == "urlFields")
        #expect(SwiftNames.lowerCamelCased("ID") == "id")
    }

    @Test("string literals escape quotes, backslashes and line breaks")
    func literals() {
        #expect(SwiftNames.stringLiteralContents("a\"b\\c\nd") == "a\\\"b\\\\c\\nd")
    }

    @Test("a long document is split after spaces and commas, before { and variable definitions")
    func documentLayout() {
        let expression = StringExpression(
            literal: "query Draws($gameId:ID!$last:Int){draws(gameId:$gameId last:$last){...DrawDetails}}",
            references: ["DrawDetails.fragmentDefinition", "PrizeCategoryDetails.fragmentDefinition"])
        let lines = expression.lines(width: 50)
        #expect(lines.allSatisfy { $0.count <= 50 })
        #expect(lines.first == "\"query Draws($gameId:ID!$last:Int)\"")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("+ ") })
        // Joined back, the literal is the document.
        let literal = lines.joined(separator: " ").replacingOccurrences(of: "\" + \"", with: "")
        #expect(literal.contains("{draws(gameId:$gameId last:$last){...DrawDetails}}"))
        #expect(lines.last == "+ PrizeCategoryDetails.fragmentDefinition")
    }
}
