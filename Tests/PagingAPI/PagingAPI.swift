// The pagination tests' API (Tests/GraphQLPaginationTests): a list of numbered items served as a Relay connection,
// by offset and limit, and below a number (the lottery archive's rule). Its Swift types (graphql/Operations.graphql
// on graphql/schema.graphqls) are generated at build time by GraphQLCodegenPlugin (graphql/graphql-codegen.json).
// SwiftPM needs a target to have a source file of its own: this is it.
