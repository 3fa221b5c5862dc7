import Foundation
import GraphQLBridgeSupport

extension JSONValue {
    /// The compact JSON text of this value, UTF-8 encoded.
    public func serialized() -> Data {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(to: &output)
        return Data(output)
    }

    /// The compact JSON text of this value.
    public var jsonText: String {
        var output: [UInt8] = []
        write(to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private func write(to output: inout [UInt8]) {
        switch self {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .bool(let value):
            output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let literal):
            output.append(contentsOf: literal.utf8)
        case .string(let value):
            JSONStringWriter.write(value, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                element.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONStringWriter.write(member.0, to: &output)
                output.append(UInt8(ascii: ":"))
                member.1.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

}
