// Reads entries with the REPL's line editor and prints each one, for the pseudo-terminal
// tests and for trying the editor by hand:
//
//   line-editor-demo [--history FILE] [--limit N]
//
// Entries continue while brackets or a string are open; Tab completes a few fixed words.
// Each entry is printed as `ENTRY[text]` with newlines shown as `\n`; end of input prints `EOF`.
import PreceptTool

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

func say(_ text: String, to fd: Int32 = 1) {
  let bytes = Array(text.utf8)
  _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
}

var historyFile: String?
var limit = 1000
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--history": historyFile = arguments.popFirst()
  case "--limit": limit = arguments.popFirst().flatMap { Int($0) } ?? limit
  default:
    say("usage: line-editor-demo [--history FILE] [--limit N]\n", to: 2)
    exit(2)
  }
}

let words = ["apple", "apricot", "banana", ":help", ":history", ":quit", "日本語"]

let editor = LineEditor(
  prompt: "\u{1B}[1;32m>\u{1B}[0m ", continuationPrompt: "\u{1B}[2m...>\u{1B}[0m ", historyFile: historyFile,
  historyLimit: limit)

editor.isComplete = { text in
  var depth = 0
  var quote: Character?
  var escaped = false
  for character in text {
    if let open = quote {
      if escaped {
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == open {
        quote = nil
      }
      continue
    }
    switch character {
    case "(", "[", "{": depth += 1
    case ")", "]", "}": depth -= 1
    case "\"", "'": quote = character
    default: break
    }
  }
  return depth <= 0 && quote == nil
}

editor.complete = { text, cursor in
  let before = text.utf8.prefix(cursor)
  var start = before.count
  for byte in before.reversed() {
    guard byte == UInt8(ascii: ":") || byte >= 0x80 || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) else { break }
    start -= 1
  }
  let word = String(decoding: before.dropFirst(start), as: UTF8.self)
  return Completion(replacing: start..<cursor, candidates: words.filter { $0.hasPrefix(word) })
}

while let entry = editor.readEntry() {
  say("ENTRY[\(entry.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\\n"))]\n")
}
say("EOF\n")
