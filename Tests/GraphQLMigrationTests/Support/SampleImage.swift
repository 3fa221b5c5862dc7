import Foundation

/// An image with its URL and pixel size.
struct SampleImage: Sendable, Equatable {
    var id: String
    var url: URL
    var width: Int
    var height: Int
}
