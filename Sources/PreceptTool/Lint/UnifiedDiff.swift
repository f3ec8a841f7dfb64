/// A unified diff (`diff -u`) of two versions of a file, for `precept lint --fix --dry-run`:
/// `--- PATH`, `+++ PATH`, then hunks with three lines of context.
enum UnifiedDiff {
  static let context = 3

  /// The diff of `old` and `new`, or "" when they are the same.
  static func diff(path: String, old: [UInt8], new: [UInt8]) -> String {
    let a = lines(old)
    let b = lines(new)
    // Lines both versions begin and end with are the same whatever the rest: only the middle
    // goes through the edit-script search.
    var prefix = 0
    while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
      suffix += 1
    }
    let middle = edits(Array(a[prefix..<(a.count - suffix)]), Array(b[prefix..<(b.count - suffix)]))
    let script =
      Array(repeating: Step.same, count: prefix) + middle + Array(repeating: Step.same, count: suffix)
    guard script.contains(where: { $0 != .same }) else { return "" }
    var out = "--- \(path)\n+++ \(path)\n"
    // Positions of each step in a and b.
    var positions: [(Int, Int)] = []
    var i = 0
    var j = 0
    for step in script {
      positions.append((i, j))
      switch step {
      case .same:
        i += 1
        j += 1
      case .delete: i += 1
      case .insert: j += 1
      }
    }
    var index = 0
    while index < script.count {
      guard script[index] != .same else {
        index += 1
        continue
      }
      // A hunk: from `context` lines before this change to `context` after the last change
      // that is within 2 × context of the previous one.
      let start = max(0, index - context)
      var end = index
      var lastChange = index
      while end < script.count {
        if script[end] != .same {
          lastChange = end
        } else if end - lastChange > 2 * context {
          break
        }
        end += 1
      }
      end = min(script.count, lastChange + context + 1)
      let (oldStart, newStart) = positions[start]
      var oldCount = 0
      var newCount = 0
      var body = ""
      for k in start..<end {
        let (oi, ni) = positions[k]
        switch script[k] {
        case .same:
          oldCount += 1
          newCount += 1
          body += " " + text(a[oi])
        case .delete:
          oldCount += 1
          body += "-" + text(a[oi])
        case .insert:
          newCount += 1
          body += "+" + text(b[ni])
        }
      }
      out += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n" + body
      index = end
    }
    return out
  }

  private static func range(_ start: Int, _ count: Int) -> String {
    count == 1 ? "\(start + 1)" : "\(count == 0 ? start : start + 1),\(count)"
  }

  private static func text(_ line: [UInt8]) -> String {
    let text = String(decoding: line, as: UTF8.self)
    return line.last == 0x0A ? text : text + "\n\\ No newline at end of file\n"
  }

  /// Lines with their line breaks.
  private static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
    var result: [[UInt8]] = []
    var start = 0
    for (index, byte) in bytes.enumerated() where byte == 0x0A {
      result.append(Array(bytes[start...index]))
      start = index + 1
    }
    if start < bytes.count { result.append(Array(bytes[start...])) }
    return result
  }

  enum Step: Equatable { case same, delete, insert }

  /// The shortest edit script from `a` to `b` (Myers' O(ND) algorithm): fixes change few
  /// lines, so D is small whatever the file's size.
  static func edits(_ a: [[UInt8]], _ b: [[UInt8]]) -> [Step] {
    let n = a.count
    let m = b.count
    let maximum = n + m
    var v = [Int](repeating: 0, count: 2 * maximum + 2)
    var trace: [[Int]] = []
    outer: for d in 0...maximum {
      trace.append(v)
      for k in stride(from: -d, through: d, by: 2) {
        var x =
          k == -d || (k != d && v[maximum + k - 1] < v[maximum + k + 1]) ? v[maximum + k + 1] : v[maximum + k - 1] + 1
        var y = x - k
        while x < n, y < m, a[x] == b[y] {
          x += 1
          y += 1
        }
        v[maximum + k] = x
        if x >= n, y >= m { break outer }
      }
    }
    // Walk back through the trace.
    var steps: [Step] = []
    var x = n
    var y = m
    for d in stride(from: trace.count - 1, through: 0, by: -1) {
      let v = trace[d]
      let k = x - y
      let previousK = k == -d || (k != d && v[maximum + k - 1] < v[maximum + k + 1]) ? k + 1 : k - 1
      let previousX = d == 0 ? 0 : v[maximum + previousK]
      let previousY = previousX - previousK
      while x > previousX, y > previousY {
        steps.append(.same)
        x -= 1
        y -= 1
      }
      if d > 0 {
        steps.append(x == previousX ? .insert : .delete)
        x = previousX
        y = previousY
      }
    }
    while x > 0, y > 0 {
      steps.append(.same)
      x -= 1
      y -= 1
    }
    return steps.reversed()
  }
}
