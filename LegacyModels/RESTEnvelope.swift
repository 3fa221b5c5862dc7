/// The REST response envelope: `{"status":"ok","result":...}` or
/// `{"status":"error","error":{"code":"NOT_FOUND","message":"..."}}`.
struct RESTEnvelope<Payload: Decodable>: Decodable {
    /// What the envelope carries.
    enum Outcome {
        case ok(Payload)
        case error(code: String, message: String)
    }

    private enum CodingKeys: String, CodingKey {
        case status
        case result
        case error
    }

    private struct ErrorBody: Decodable {
        var code: String
        var message: String
    }

    var outcome: Outcome

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let status = try container.decode(String.self, forKey: .status)
        switch status {
        case "ok":
            // Checked first so that a missing `result` is an envelope problem, not a `result` problem.
            guard container.contains(.result) else {
                throw DecodingError.keyNotFound(
                    CodingKeys.result,
                    DecodingError.Context(
                        codingPath: container.codingPath,
                        debugDescription: "an \"ok\" envelope has no \"result\""
                    )
                )
            }
            outcome = .ok(try container.decode(Payload.self, forKey: .result))
        case "error":
            let body = try container.decode(ErrorBody.self, forKey: .error)
            outcome = .error(code: body.code, message: body.message)
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .status,
                in: container,
                debugDescription:
                    "\(String(reflecting: status)) is not an envelope status: expected \"ok\" or \"error\""
            )
        }
    }
}
