import Foundation
import LotteryCLI

// The worked example's command line; it forwards to the command library, which the tests run in-process.
let status = await LotteryCommand.main(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status)
