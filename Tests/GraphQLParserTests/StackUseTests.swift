import Foundation
import GraphQLParser
import Testing

/// Documents at the nesting limit parse, print and compare on a thread with a small stack.
@Suite("Stack use")
struct StackUseTests {
    /// Runs `body` on a new thread with the given stack size and returns its result.
    private static func onThread<T: Sendable>(
        stackSize: Int,
        _ body: @escaping @Sendable () -> T
    ) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: body())
            }
            thread.stackSize = stackSize
            thread.start()
        }
    }

    /// Nesting that adds up to the default limit of 200 in every way it can.
    static let deepDocuments = [
        "{ " + String(repeating: "a(x: [{y: 1}]) {", count: 197) + "b" + String(repeating: "}", count: 197) + " }",
        "{ " + String(repeating: "... on T @d(x: 1) {", count: 199) + "b" + String(repeating: "}", count: 199) + " }",
        "{ a(x: " + String(repeating: "[", count: 199) + String(repeating: "]", count: 199) + ") }",
        "{ a(x: " + String(repeating: "{a: ", count: 199) + "1" + String(repeating: "}", count: 199) + ") }",
        "query ($a: " + String(repeating: "[", count: 200) + "Int!" + String(repeating: "]!", count: 200) + ") { a }",
    ]

    @Test("deep documents on a 512 KB thread", arguments: deepDocuments)
    func deepDocument(_ text: String) async throws {
        let outcome = await Self.onThread(stackSize: 512 * 1024) { () -> String in
            do {
                let document = try Parser.parse(Source(text))
                let again = try Parser.parse(Source(Printer.minified(document)))
                _ = Printer.pretty(document)
                return again.definitions.count == document.definitions.count ? "ok" : "different"
            } catch {
                return "\(error)"
            }
        }
        #expect(outcome == "ok")
    }
}
