// The runtime tests' API (Tests/GraphQLBridgeTests): a small shop catalog, not the lottery. Its Swift types
// (graphql/Operations.graphql on graphql/schema.graphqls) are generated at build time by GraphQLCodegenPlugin
// (graphql/graphql-codegen.json). SwiftPM needs a target to have a source file of its own: this is it.
