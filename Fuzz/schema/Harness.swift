// Fuzz target `schema` (scripts/fuzz.sh schema): GraphQLParser and GraphQLSchema as modules, GraphQLCodegen's
// sources with this harness. The input is `SDL NUL operations`, or operations alone against the built-in schema
// below (interfaces implemented in overlapping sets, unions, inputs). Every stage runs that can: schema building,
// validation, planning and rendering. A document the validator accepts must plan and render without an error
// (other than the generator's own naming rules); a crash or a failed check is a bug.
import Foundation
import GraphQLParser

let builtInSchema = """
    type Query { node(id: ID!): Node, search(text: String!, first: Int = 10): [Result!]!, item: Item, pets: [Pet!]! }
    type Mutation { rename(input: RenameInput!): Node }
    input RenameInput { id: ID!, name: String!, tags: [String!], nested: RenameInput }
    interface Node { id: ID! }
    interface Starrable { id: ID!, stars(first: Int): Int!, starredBy: [Node!]! }
    interface Info { name: String!, isPrivate: Boolean!, owner: Node }
    interface Pet implements Node { id: ID!, name: String! }
    type Repo implements Node & Starrable & Info {
      id: ID!, stars(first: Int): Int!, starredBy: [Node!]!, name: String!, isPrivate: Boolean!, owner: Node
    }
    type Gist implements Node & Starrable { id: ID!, stars(first: Int): Int!, starredBy: [Node!]!, files: [String] }
    type Dog implements Node & Pet { id: ID!, name: String!, barks: Boolean!, friend: Pet }
    type Cat implements Node & Pet & Info { id: ID!, name: String!, isPrivate: Boolean!, owner: Node, lives: Int }
    union Result = Repo | Gist | Dog
    union Item = Repo
    """

/// The built-in schema, built once.
let builtInDocuments = CodegenPipeline().parse([Source(builtInSchema, name: "schema.graphqls")]).documents

/// The generator's own rules, which the spec's validation does not have.
let generatorRules = ["Give this ", "is a type name the generated code uses", "which the generated code uses"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSchema(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let schemaText: String
    let operationsText: String
    if let separator = bytes.firstIndex(of: 0) {
        guard let sdl = String(bytes: bytes[..<separator], encoding: .utf8),
            let operations = String(bytes: bytes[(separator + 1)...], encoding: .utf8)
        else { return 0 }
        (schemaText, operationsText) = (sdl, operations)
    } else {
        guard let operations = String(bytes: bytes, encoding: .utf8) else { return 0 }
        (schemaText, operationsText) = (builtInSchema, operations)
    }
    let pipeline = CodegenPipeline()
    let schemaDocuments =
        schemaText == builtInSchema
        ? (documents: builtInDocuments, diagnostics: []) : pipeline.parse([Source(schemaText, name: "schema.graphqls")])
    let operationDocuments = pipeline.parse([Source(operationsText, name: "operations.graphql")])
    guard !schemaDocuments.diagnostics.contains(where: { $0.severity == .error }) else { return 0 }
    let built = pipeline.buildSchema(schemaDocuments.documents)
    guard let schema = built.schema, !built.diagnostics.contains(where: { $0.severity == .error }) else { return 0 }
    guard !operationDocuments.diagnostics.contains(where: { $0.severity == .error }) else { return 0 }
    let validation = pipeline.validate(operationDocuments.documents, schema: schema)
    guard !validation.contains(where: { $0.severity == .error }) else { return 0 }
    let planned = pipeline.plan(operationDocuments.documents, schema: schema)
    let errors = planned.diagnostics.filter { diagnostic in
        diagnostic.severity == .error && !generatorRules.contains { diagnostic.message.contains($0) }
    }
    guard errors.isEmpty else {
        fatalError("a document the validator accepts does not plan: \(errors)\n\(operationsText)")
    }
    if !planned.diagnostics.contains(where: { $0.severity == .error }) {
        _ = pipeline.render(planned.plan, layout: .filePerDeclaration)
    }
    return 0
}
