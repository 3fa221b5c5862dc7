import GraphQLCodegen

/// The `CONFIGURATION` section of `codegen --help` and `validate --help`: every key a `graphql-codegen.json` may have
/// (``CodegenConfiguration/keys``), each with what it does.
enum CodegenConfigurationHelp {
    /// Each configuration key and its description, in the order the help lists them.
    static let entries: [(key: String, about: String)] = [
        ("schema", "The schema file (SDL), or a list of files. Required."),
        ("operations", "Operation files or folders (every *.graphql inside). Required."),
        ("output", "Where codegen writes (the command line's --output; the build plugin ignores it)."),
        (
            "scalars",
            "Custom scalars to Swift types: {\"Long\": \"Int64\", \"DateTime\": \"Date\"}, or {\"URI\": {\"type\": "
                + "\"URL\", \"decoding\": \"decodable\"}}; {\"type\": \"UUID\", \"format\": \"compact\"}."
        ),
        ("access", "\"public\" (default) or \"internal\": the generated declarations' access level."),
        (
            "cache",
            "The client cache: {\"keyFields\": {\"Draw\": [\"gameId\", \"number\"]}, \"maxAge\": "
                + "{\"Draw.prizePool\": \"5s\", \"Image\": \"1h\"}}."
        ),
        (
            "persistedQueries",
            "{\"manifest\": \"persisted-query-manifest.json\"}: also write an Apollo persisted-query manifest."
        ),
        (
            "clientDirectives",
            "Client-only directives, accepted in the operations and removed from the documents sent: "
                + "[\"apollo_client_ios_localCacheMutation\"]."
        ),
    ]

    /// The section, ending with a blank line; descriptions wrapped to 116 columns.
    static var text: String {
        let indent = 22
        var lines = ["CONFIGURATION (graphql-codegen.json; paths relative to the file):"]
        for entry in entries {
            var line = "  \"\(entry.key)\"".padding(toLength: indent, withPad: " ", startingAt: 0)
            var lineIsEmpty = true
            for word in entry.about.split(separator: " ") {
                if !lineIsEmpty && line.count + 1 + word.count > 116 {
                    lines.append(line)
                    line = String(repeating: " ", count: indent)
                    lineIsEmpty = true
                }
                line += (lineIsEmpty ? "" : " ") + word
                lineIsEmpty = false
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
