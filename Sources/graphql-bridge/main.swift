import Foundation
import GraphQLBridgeCLI

// The executable only forwards to the command library, which the tests run in-process.
let status = await GraphQLBridgeCommand.main(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status)
