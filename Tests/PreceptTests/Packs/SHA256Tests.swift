import Testing

@testable import Precept

@Suite struct SHA256Tests {
  /// The examples of FIPS 180-2 (appendix B) and FIPS 180-4's example set.
  @Test(arguments: [
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
    (
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
    ),
  ])
  func fipsExamples(message: String, digest: String) {
    #expect(SHA256.hex(SHA256.hash(Array(message.utf8))) == digest)
  }

  @Test func oneMillionAs() {
    let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
    #expect(SHA256.hex(SHA256.hash(message)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  /// Byte-oriented vectors from the NIST SHAVS response files SHA256ShortMsg.rsp (lengths 8,
  /// 16, 24, 32 and 248 bits, plus 448 and 512 bits, which sit on the padding boundaries) and
  /// SHA256LongMsg.rsp (the first, 1304 bits).
  @Test(arguments: [
    ("d3", "28969cdfa74a12c82f3bad960b0b000aca2ac329deea5c2328ebc6f2ba9802c1"),
    ("11af", "5ca7133fa735326081558ac312c620eeca9970d1e70a4b95533d956f072d1f98"),
    ("b4190e", "dff2e73091f6c05e528896c4c831b9448653dc2ff043528f6769437bc7b975c2"),
    ("74ba2521", "b16aa56be3880d18cd41e68384cf1ec8c17680c45a02b1575dc1518923ae8b0e"),
    (
      "95a765809caf30ada90ad6d61c2b4b30250df0a7ce23b7753c9187f4319ce2",
      "a4139b74b102cf1e2fce229a6cd84c87501f50afa4c80feacf7d8cf5ed94f042"
    ),
    (
      "08f645ff0f9a765593bd419ff60a308d3b4e70e816388577455d3c1f237ee14d7b0eb3999aef95a3a87d064138cd53dd1d360b187f11b4b3",
      "76f082a9a8e45c02a376ee1b42629cfb5db30e0ba1632f19cd28c96363f9da66"
    ),
    (
      "3d007ab1483de3511ce9a7edc7a9610bcacac0ec6f3d7cb45de08fcc6a00a185b01bc4fee3ea6147e29e72c68b6bf2dad44392bf17e4aeb2ae147f55c02b9254",
      "b9e850d487a74e6b8e07330b7648b6c1aa84cdcc16b238c96d47613de313e2f9"
    ),
    (
      "451101250ec6f26652249d59dc974b7361d571a8101cdfd36aba3b5854d3ae086b5fdd4597721b66e3c0dc5d8c606d9657d0e323283a5217d1f53f2f284f57b85c8a61ac8924711f895c5ed90ef17745ed2d728abd22a5f7a13479a462d71b56c19a74a40b655c58edfe0a188ad2cf46cbf30524f65d423c837dd1ff2bf462ac4198007345bb44dbb7b1c861298cdf61982a833afc728fae1eda2f87aa2c9480858bec",
      "3c593aa539fdcdae516cdf2f15000f6634185c88f505b39775fb9ab137a10aa2"
    ),
  ])
  func shavsVectors(message: String, digest: String) {
    #expect(SHA256.hex(SHA256.hash(bytes(hex: message))) == digest)
  }

  /// The digest is the same however the message is cut into `update` calls, including cuts
  /// around the 55/56/64-byte padding and block boundaries.
  @Test func chunkingInvariance() {
    for length in [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000] {
      let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
      let expected = SHA256.hash(message)
      for chunkSize in [1, 3, 7, 63, 64, 65, 200] {
        var hasher = SHA256()
        var start = 0
        while start < length {
          let end = min(length, start + chunkSize)
          hasher.update(message[start..<end])
          start = end
        }
        #expect(hasher.finalize() == expected, "length \(length), chunks of \(chunkSize)")
      }
      // Uneven cuts: every prefix/suffix split.
      if length <= 130 {
        for cut in 0...length {
          var hasher = SHA256()
          hasher.update(message[..<cut])
          hasher.update(message[cut...])
          #expect(hasher.finalize() == expected, "length \(length), cut at \(cut)")
        }
      }
    }
  }

  @Test func finalizeLeavesTheHasherUsable() {
    var hasher = SHA256()
    hasher.update(Array("ab".utf8))
    #expect(SHA256.hex(hasher.finalize()) == SHA256.hex(SHA256.hash(Array("ab".utf8))))
    hasher.update(Array("c".utf8))
    #expect(SHA256.hex(hasher.finalize()) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }

  @Test func nonContiguousSequencesHashTheSameBytes() {
    let message = (0..<10_000).map { UInt8(truncatingIfNeeded: $0) }
    let lazy = message.lazy.map { $0 }  // not contiguous
    #expect(SHA256.hash(lazy) == SHA256.hash(message))
  }

  @Test func recognisesHexDigests() {
    #expect(SHA256.isHexDigest(SHA256.hex(SHA256.hash([]))))
    #expect(!SHA256.isHexDigest(SHA256.hex(SHA256.hash([])).uppercased()))
    #expect(!SHA256.isHexDigest("abc"))
    #expect(!SHA256.isHexDigest(String(repeating: "g", count: 64)))
  }
}

/// Bytes from hexadecimal text (test helper; the input is well formed).
func bytes(hex: String) -> [UInt8] {
  let digits = Array(hex.utf8)
  return stride(from: 0, to: digits.count, by: 2).map {
    UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)!
  }
}
