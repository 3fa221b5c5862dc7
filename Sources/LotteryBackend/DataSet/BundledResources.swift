import Foundation

/// The resources bundled with LotteryBackend: the data set and the contract's GraphQL schema.
public enum BundledResources {
    /// The bytes of `Resources/dataset.json`.
    /// - Throws: ``LotteryDataSetError/resourceMissing(name:)`` or ``LotteryDataSetError/unreadable(name:reason:)``.
    public static func dataSetJSON() throws -> Data {
        try read("dataset", "json")
    }

    /// The text of `Resources/lottery.graphqls`, the schema the embedded GraphQL endpoint serves.
    /// - Throws: ``LotteryDataSetError/resourceMissing(name:)`` or ``LotteryDataSetError/unreadable(name:reason:)``.
    public static func schemaSDL() throws -> String {
        String(decoding: try read("lottery", "graphqls"), as: UTF8.self)
    }

    private static func read(_ name: String, _ fileExtension: String) throws -> Data {
        let fileName = "\(name).\(fileExtension)"
        guard let url = Bundle.module.url(forResource: name, withExtension: fileExtension) else {
            throw LotteryDataSetError.resourceMissing(name: fileName)
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw LotteryDataSetError.unreadable(name: fileName, reason: "\(error)")
        }
    }
}
