import GraphQLBridgeSupport
import Testing

/// `SHA256`: the digest that names a long cache namespace's file, checked against known digests (FIPS 180-2's
/// examples and the padding edges at 55, 56 and 64 bytes).
@Suite("SHA256")
struct SHA256Tests {
    @Test(
        "digests match the reference",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrst"
                    + "nopqrstu",
                "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
            ),
            (String(repeating: "a", count: 55), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
            (String(repeating: "a", count: 56), "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
            (String(repeating: "a", count: 64), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
            (String(repeating: "é🎲", count: 40), "1fa0da8c39b3e3a1a95de72ce09302ac0dfe8c2af1561dcc192a781eb59b76f0"),
        ])
    func digest(text: String, expected: String) {
        #expect(SHA256.hex(text) == expected)
    }
}
