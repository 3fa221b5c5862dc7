/// A problem with how a target is set up for the plugin; the message says how to fix it.
struct PluginSetupError: Error, CustomStringConvertible {
    /// What is wrong and how to fix it.
    var message: String

    var description: String { "GraphQLCodegenPlugin: " + message }
}
