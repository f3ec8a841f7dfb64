import Foundation
import Testing

@testable import Precept

/// The byte search that stands in for Foundation's `range(of:)` on hot paths, and what uses it.
@Suite struct UTF8SearchTests {
  @Test func findsTheFirstOccurrenceAtOrAfterAStart() {
    let text = "a->b->c"
    #expect(text.utf8Index(of: "->").map { text.utf8.distance(from: text.utf8.startIndex, to: $0) } == 1)
    let after = text.utf8.index(text.utf8.startIndex, offsetBy: 2)
    #expect(text.utf8Index(of: "->", from: after).map { text.utf8.distance(from: text.utf8.startIndex, to: $0) } == 4)
    #expect(text.utf8Contains("b->c") && !text.utf8Contains("c->") && !"".utf8Contains("-"))
    // A partial match before the real one, and a needle longer than the text.
    #expect("..top".utf8Contains(".top") && !".to".utf8Contains(".top"))
    // Non-ASCII text is searched by its bytes.
    #expect("Löschen [.top]".utf8Contains(".top") && "é->".utf8Contains("->"))
  }

  /// `utf8Contains` scans the bytes in place where a string lends them; it answers what the
  /// generic scan of `utf8Index(of:)` answers, for small and large, ASCII and non-ASCII text,
  /// and strings cut from others.
  @Test func theInPlaceScanAgreesWithTheGenericOne() {
    let long = String(repeating: "padding(.horizontal) ", count: 4)
    let texts = [
      "", "a", ".top", "..top", "[.leading, .top]", "Löschen [.top]", "é->", "x\u{301}y", long, long + ".all",
      String(Substring("__.bottom__").dropFirst(2).dropLast(2)), "🙂.horizontal🙂",
    ]
    let needles = ["", ".", ".top", ".all", ".horizontal", "é", "\u{301}", "->", "🙂", long, "padding(.horizontal) p"]
    for text in texts {
      for needle in needles {
        #expect(text.utf8Contains(needle) == (text.utf8Index(of: needle) != nil), "\(needle) in \(text)")
      }
      #expect(text.withUTF8Bytes { Array($0) } == Array(text.utf8))
    }
    let bytes = Array("abcab".utf8)
    bytes.withUnsafeBufferPointer { text in
      for (needle, found) in [
        ("ab", true), ("cab", true), ("abcab", true), ("abcabc", false), ("ba", false), ("", true),
      ] {
        Array(needle.utf8).withUnsafeBufferPointer { #expect(UTF8Search.contains(text, $0) == found, "\(needle)") }
      }
    }
  }

  @Test func anXcodePlaceholderNeedsItsClosingAfterItsOpening() {
    #expect(FixEdit.hasPlaceholder(#".accessibilityLabel("<#label#>")"#))
    #expect(FixEdit.hasPlaceholder("<##>"))
    #expect(!FixEdit.hasPlaceholder("<#>"))
    #expect(!FixEdit.hasPlaceholder("#> then <#"))
    #expect(!FixEdit.hasPlaceholder(#".accessibilityLabel("Delete")"#))
  }

  /// `size:` in a font call is found where Foundation's `range(of:)` finds it: the byte scan
  /// for ASCII calls, Foundation for the rest (a combining mark can make the colon part of
  /// another character).
  @Test func aFontCallsSizeEndsWhereFoundationFindsIt() {
    let calls: [Substring] = [
      "(size: 12)", "(name, size: 14, relativeTo: .body)", "(size:12)", "(\"A\", fixed: 1)", "", "size:",
      "(sisize: 3)", "(s, size: x)", "(size: 12)size: 9", "(\"Ä\", size: 12)", "(size:\u{301} 12)",
      "(size\u{301}: 12, size: 4)", "(\u{600}size: 2)", Substring("__(size: 5)").dropFirst(2),
      "(fixedSize: 3)", "(size: 9, relativeTo: .body)", "(fixedSize:\u{301} 3)", "(relativeTo: .title)",
    ]
    for call in calls {
      for needle in ["size:", "fixedSize:", "relativeTo:"] {
        let expected = call.range(of: needle)?.upperBound
        let found = LayerDeriver.end(of: needle, in: call)
        #expect(found == expected, "\(needle) in \(Array(call.unicodeScalars))")
        #expect((found != nil) == call.contains(needle))
        if let found, let expected {
          #expect(call[found...] == call[expected...])
        }
      }
    }
  }
}
