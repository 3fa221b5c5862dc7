import GraphQLSchema
import GraphQLServer

/// A schema as text that does not depend on the order of its definitions: one line per type member (fields
/// with their arguments and types, enum values, input fields, union members, interfaces), sorted; built-in
/// scalars and introspection types left out. Two schemas with the same outline serve the same operations.
enum SchemaOutline {
    static func of(_ schema: Schema) -> [String] {
        var lines: [String] = []
        for type in schema.types where !type.isIntrospection && !type.isBuiltInScalar {
            let name = type.name
            lines.append("\(type.kind.rawValue) \(name)")
            for interface in type.interfaces { lines.append("\(name) implements \(interface)") }
            for member in type.memberTypes { lines.append("\(name) | \(member)") }
            for field in type.fields {
                let arguments = field.arguments.map { argument in
                    "\(argument.name): \(argument.type)"
                        + (argument.defaultValue.map { " = " + GraphQLValuePrinter.print($0) } ?? "")
                }
                lines.append(
                    "\(name).\(field.name)(\(arguments.joined(separator: ", "))): \(field.type)"
                        + (field.deprecationReason.map { " deprecated: \($0)" } ?? ""))
            }
            for value in type.enumValues {
                lines.append("\(name).\(value.name)" + (value.deprecationReason.map { " deprecated: \($0)" } ?? ""))
            }
            for field in type.inputFields { lines.append("\(name).\(field.name): \(field.type)") }
        }
        for directive in schema.directives where !directive.isBuiltIn {
            lines.append("@\(directive.name) on \(directive.locations.map(\.rawValue).sorted())")
        }
        return lines.sorted()
    }
}

extension SchemaOutline {
    /// The lines only one of two outlines has (empty when they are the same), for a failure message.
    static func difference(_ left: [String], _ right: [String]) -> String {
        let onlyLeft = left.filter { !right.contains($0) }
        let onlyRight = right.filter { !left.contains($0) }
        return "only in the first: \(onlyLeft)\nonly in the second: \(onlyRight)"
    }
}
