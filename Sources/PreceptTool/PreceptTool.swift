import Foundation
import Precept

/// The `precept` command line. `main` returns the process exit status.
public enum PreceptTool {
  public static func main(arguments: [String]) -> Int32 {
    print("precept: not yet")
    return 0
  }
}
