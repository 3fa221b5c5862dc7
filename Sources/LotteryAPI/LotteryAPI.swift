// LotteryAPI's Swift types (the operations, fragments and enums of graphql/Operations.graphql on
// graphql/schema.graphqls) are generated at build time by GraphQLCodegenPlugin, as configured in
// graphql/graphql-codegen.json. SwiftPM needs a target to have at least one source file of its own: this is it.
