/// The rendering stage: Swift source for a ``CodegenPlan``.
///
/// ```swift
/// let files = SwiftRenderer(plan: plan).files()              // Operations/GameQuery.swift, Fragments/..., Schema/...
/// let file = SwiftRenderer(plan: plan).singleFile(named: "LotteryAPI.generated.swift")
/// ```
///
/// The output depends only on the plan: the same documents, schema and configuration give byte-identical files.
public struct SwiftRenderer: Sendable {
    /// The plan to render.
    public var plan: CodegenPlan

    /// Creates a renderer.
    /// - Parameter plan: The plan to render.
    public init(plan: CodegenPlan) {
        self.plan = plan
    }

    var access: String { plan.accessLevel.modifier }

    /// One file per declaration: `Schema/<Enum>.swift`, `Schema/<InputObject>.swift`, `Fragments/<Fragment>.swift`,
    /// `Operations/<Operation>.swift`.
    public func files() -> [GeneratedFile] {
        var files: [GeneratedFile] = []
        for plan in plan.enums {
            files.append(
                file(
                    "Schema/\(plan.swiftName).swift", header: "the schema's enum `\(plan.name)`",
                    imports: ["GraphQLBridge"], body: declaration(of: plan)))
        }
        for plan in plan.inputObjects {
            files.append(
                file(
                    "Schema/\(plan.swiftName).swift", header: "the schema's input object `\(plan.name)`",
                    imports: ["Foundation", "GraphQLBridge"], body: declaration(of: plan)))
        }
        for plan in plan.fragments {
            files.append(
                file(
                    "Fragments/\(plan.swiftName).swift",
                    header: "`fragment \(plan.name) on \(plan.typeCondition)` (\(plan.sourceFile))",
                    imports: ["Foundation", "GraphQLBridge"], body: declaration(of: plan)))
        }
        for plan in plan.operations {
            files.append(
                file(
                    "Operations/\(plan.swiftName).swift",
                    header: "`\(plan.operationType.rawValue) \(plan.name)` (\(plan.sourceFile))",
                    imports: ["Foundation", "GraphQLBridge"], body: declaration(of: plan)))
        }
        return files
    }

    /// Every declaration in one file, in the order enums, input objects, fragments, operations (each sorted by
    /// name): what the build plugin generates, since its outputs must be named before the documents are read.
    /// - Parameter name: The file name.
    public func singleFile(named name: String) -> GeneratedFile {
        var bodies: [String] = []
        bodies += plan.enums.map(declaration(of:))
        bodies += plan.inputObjects.map(declaration(of:))
        bodies += plan.fragments.map(declaration(of:))
        bodies += plan.operations.map(declaration(of:))
        var text = GeneratedFile.marker + ". Do not edit: change the GraphQL documents and regenerate.\n\n"
        text += "import Foundation\n\(Self.runtimeImport)\n"
        for body in bodies { text += "\n" + body }
        return GeneratedFile(relativePath: name, contents: text)
    }

    /// How a generated file imports the runtime: with its `Generated` SPI, the API meant for generated code only (the
    /// one-pass JSON reader), which apps do not see.
    static let runtimeImport = "@_spi(Generated) import GraphQLBridge"

    /// The attribute of the generated members that implement the runtime's `@_spi(Generated)` requirements (the
    /// one-pass decoder, the response encoding): public, they are SPI too; internal, they need not (and cannot) be.
    var spi: String { plan.accessLevel == .public ? "@_spi(Generated) " : "" }

    private func file(_ path: String, header: String, imports: [String], body: String) -> GeneratedFile {
        var text = GeneratedFile.marker + " from " + header + ". Do not edit.\n\n"
        text += imports.map { $0 == "GraphQLBridge" ? "\(Self.runtimeImport)\n" : "import \($0)\n" }.joined()
        text += "\n" + body
        return GeneratedFile(relativePath: path, contents: text)
    }
}
