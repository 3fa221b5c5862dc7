import GraphQLBridge
import GraphQLComparison
import GraphQLMigration
import LegacyModels
import LotteryBridge

/// The lottery plan's reads: errors with the advice the command gives ("pass --token"), and GraphQL field errors that
/// came with partial data reported as the read's warnings.
enum LotteryRead {
    /// A REST read.
    static func rest<Value>(_ read: () async throws -> Value) async throws(LotteryReadError) -> Value {
        do {
            return try await read()
        } catch let error as LegacyAPIError {
            var text = error.description
            if case .server(.unauthorized, _, _) = error { text += " (pass --token)" }
            throw LotteryReadError(description: text)
        } catch {
            throw LotteryReadError(description: String(describing: error))
        }
    }

    /// A GraphQL read: its value, its field errors as warnings.
    static func graphQL<Value>(
        _ read: () async throws -> GraphQLBridgeResponse<Value>
    ) async throws(LotteryReadError) -> Value {
        let response: GraphQLBridgeResponse<Value>
        do {
            response = try await read()
        } catch let error as APIError {
            throw LotteryReadError(
                description: error.description + (error.isAuthenticationFailure ? " (pass --token)" : ""))
        } catch {
            throw LotteryReadError(description: String(describing: error))
        }
        for error in response.warnings { ComparisonContext.warn(warning(error)) }
        return response.value
    }

    /// `GraphQL field error at game.lastDraw.prizePool: ... [LEDGER_UNAVAILABLE]`.
    static func warning(_ error: GraphQLError) -> String {
        "GraphQL field error at \(error.pathDescription ?? "<no path>"): \(error.message)"
            + (error.code.map { " [\($0)]" } ?? "")
    }
}
