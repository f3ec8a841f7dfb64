// SHA-256 as specified by FIPS 180-4, written here because the toolchain ships no crypto
// module on Linux and the project takes no third-party packages. It verifies packs, so it is
// on the load path: whole blocks are compressed straight from the caller's buffer, and only a
// partial block is ever copied.

/// A streaming SHA-256 hasher (FIPS 180-4).
///
/// ```swift
/// var hasher = SHA256()
/// hasher.update(firstChunk)
/// hasher.update(secondChunk)
/// let digest = hasher.finalize()          // 32 bytes
/// SHA256.hex(digest)                      // 64 lowercase hexadecimal digits
/// SHA256.hash(bytes)                      // one-shot
/// ```
///
/// The digest does not depend on how the input is split between `update` calls.
package struct SHA256: Sendable {
  /// The length of a digest in bytes.
  package static let digestByteCount = 32
  static let blockByteCount = 64

  private var state: [UInt32] = [
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
  ]
  /// Bytes of a block not yet compressed (fewer than 64).
  private var pending: [UInt8] = []
  /// Total number of bytes hashed so far.
  private var byteCount: UInt64 = 0

  /// A hasher that has seen no input.
  package init() {
    pending.reserveCapacity(SHA256.blockByteCount)
  }

  /// Adds bytes to the message.
  package mutating func update(_ bytes: UnsafeRawBufferPointer) {
    guard var remaining = bytes.baseAddress, !bytes.isEmpty else { return }
    var count = bytes.count
    byteCount &+= UInt64(count)
    if !pending.isEmpty {
      let taken = min(count, SHA256.blockByteCount - pending.count)
      pending.append(contentsOf: UnsafeRawBufferPointer(start: remaining, count: taken))
      remaining += taken
      count -= taken
      guard pending.count == SHA256.blockByteCount else { return }
      pending.withUnsafeBytes { block in compress(block.baseAddress!, blocks: 1) }
      pending.removeAll(keepingCapacity: true)
    }
    let wholeBlocks = count / SHA256.blockByteCount
    if wholeBlocks > 0 {
      compress(remaining, blocks: wholeBlocks)
      remaining += wholeBlocks * SHA256.blockByteCount
      count -= wholeBlocks * SHA256.blockByteCount
    }
    if count > 0 {
      pending.append(contentsOf: UnsafeRawBufferPointer(start: remaining, count: count))
    }
  }

  /// Adds bytes to the message. Contiguous collections (arrays, slices, native strings'
  /// `utf8` views) are hashed in place; others are copied in blocks.
  package mutating func update(_ bytes: some Sequence<UInt8>) {
    let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
      update(UnsafeRawBufferPointer(buffer))
    }
    if done != nil { return }
    var chunk: [UInt8] = []
    chunk.reserveCapacity(4096)
    for byte in bytes {
      chunk.append(byte)
      if chunk.count == 4096 {
        chunk.withUnsafeBytes { update($0) }
        chunk.removeAll(keepingCapacity: true)
      }
    }
    chunk.withUnsafeBytes { update($0) }
  }

  /// The 32-byte digest of everything added so far. The hasher itself is left as it was, so
  /// more input can still be added.
  package func finalize() -> [UInt8] {
    var copy = self
    let bitLength = byteCount &* 8
    // Padding: a one bit, zeros up to 56 bytes into a block, then the length in bits.
    var padding: [UInt8] = [0x80]
    let afterOne = (pending.count + 1) % SHA256.blockByteCount
    let zeros = afterOne <= 56 ? 56 - afterOne : 56 + SHA256.blockByteCount - afterOne
    padding.append(contentsOf: repeatElement(0, count: zeros))
    for shift in stride(from: 56, through: 0, by: -8) {
      padding.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    padding.withUnsafeBytes { copy.update($0) }
    var digest: [UInt8] = []
    digest.reserveCapacity(SHA256.digestByteCount)
    for word in copy.state {
      digest.append(UInt8(truncatingIfNeeded: word >> 24))
      digest.append(UInt8(truncatingIfNeeded: word >> 16))
      digest.append(UInt8(truncatingIfNeeded: word >> 8))
      digest.append(UInt8(truncatingIfNeeded: word))
    }
    return digest
  }

  /// The digest of `bytes`, in one call.
  package static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
    var hasher = SHA256()
    hasher.update(bytes)
    return hasher.finalize()
  }

  /// Bytes as lowercase hexadecimal, two digits per byte — the form digests take in
  /// `index.json` and `precept.lock`.
  package static func hex(_ bytes: [UInt8]) -> String {
    let digits: [UInt8] = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// Whether `text` has the form of a hexadecimal SHA-256 digest: exactly 64 lowercase
  /// hexadecimal digits.
  package static func isHexDigest(_ text: String) -> Bool {
    text.utf8.count == digestByteCount * 2
      && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }

  // MARK: - Compression

  private mutating func compress(_ start: UnsafeRawPointer, blocks: Int) {
    state.withUnsafeMutableBufferPointer { hash in
      SHA256.roundConstants.withUnsafeBufferPointer { k in
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
          var h0 = hash[0]
          var h1 = hash[1]
          var h2 = hash[2]
          var h3 = hash[3]
          var h4 = hash[4]
          var h5 = hash[5]
          var h6 = hash[6]
          var h7 = hash[7]
          var block = start
          for _ in 0..<blocks {
            for t in 0..<16 {
              w[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: t &* 4, as: UInt32.self))
            }
            for t in 16..<64 {
              let x = w[t &- 15]
              let y = w[t &- 2]
              let s0 = rotr(x, 7) ^ rotr(x, 18) ^ (x &>> 3)
              let s1 = rotr(y, 17) ^ rotr(y, 19) ^ (y &>> 10)
              w[t] = w[t &- 16] &+ s0 &+ w[t &- 7] &+ s1
            }
            var a = h0
            var b = h1
            var c = h2
            var d = h3
            var e = h4
            var f = h5
            var g = h6
            var h = h7
            for t in 0..<64 {
              let sum1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
              let choice = (e & f) ^ (~e & g)
              let t1 = h &+ sum1 &+ choice &+ k[t] &+ w[t]
              let sum0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
              let majority = (a & b) ^ (a & c) ^ (b & c)
              let t2 = sum0 &+ majority
              h = g
              g = f
              f = e
              e = d &+ t1
              d = c
              c = b
              b = a
              a = t1 &+ t2
            }
            h0 &+= a
            h1 &+= b
            h2 &+= c
            h3 &+= d
            h4 &+= e
            h5 &+= f
            h6 &+= g
            h7 &+= h
            block += SHA256.blockByteCount
          }
          hash[0] = h0
          hash[1] = h1
          hash[2] = h2
          hash[3] = h3
          hash[4] = h4
          hash[5] = h5
          hash[6] = h6
          hash[7] = h7
        }
      }
    }
  }

  /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]
}

@inline(__always)
private func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 {
  (x &>> n) | (x &<< (32 &- n))
}
