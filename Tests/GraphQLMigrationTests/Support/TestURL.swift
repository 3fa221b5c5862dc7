import Foundation

/// A URL from a literal known to be valid (a file URL if it were not, so tests still fail visibly).
func testURL(_ string: String) -> URL {
    URL(string: string) ?? URL(fileURLWithPath: "/invalid-test-url")
}
