import Foundation
import GraphQLComparison
import GraphQLMigration
import LotteryCLI

// The worked example's command line; it forwards to the command library, which the tests run in-process.
// A long comparison's freed memory is not kept in a pool per thread (Linux, glibc; `MALLOC_ARENA_MAX` overrides).
ComparisonCommand.limitMallocArenas()
let status = await LotteryCommand.main(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status)
