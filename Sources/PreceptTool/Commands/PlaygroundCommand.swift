import Foundation
import Precept

extension Command {
  static let playgroundCommand = Command(
    name: "playground",
    summary: "serve a local page where a ruleset and SwiftUI code are edited side by side",
    usage: "precept playground [--port N] [--examples DIR]",
    details: """
      Serves a page on http://127.0.0.1:PORT/ (the loopback interface only) for spec authors:
      a ruleset and SwiftUI code (or view-model JSON) side by side, and the findings with
      their explanations, the needs-review items, the view model the rules see and the
      ruleset's bytecode, updated as either is edited. A ruleset that does not compile shows
      its diagnostics in the page. An empty ruleset means the standard rulesets.

      The examples menu offers each Swift and JSON file of --examples DIR (default: the
      Playground folder of the current directory, when there is one) with the folder's ruleset
      of the same name, else its first, and each standard ruleset on its golden pattern. Only
      that folder is read, and nothing is written.

      Nothing is loaded from the network. Requests from another origin or for another host
      name are refused; a ruleset or code over 1 MiB, or a request over 4 MiB, is an error.
      The first line of output names the address; --port 0 lets the system choose the port.
      Ctrl-C (or SIGTERM) stops the server.

      Exit status: 130 or 143 when interrupted; 2 when the port cannot be used or the
      examples folder cannot be read.
      """,
    options: [
      OptionSpec(
        name: "--port", short: "-p", value: "N", help: "the port to listen on (default 8765; 0: any free port)"),
      OptionSpec(
        name: "--examples", value: "DIR", help: "a folder of examples (default: ./Playground when it exists)"),
    ],
    run: { arguments, console in
      guard arguments.positionals.isEmpty else {
        throw UsageError(message: "unexpected argument '\(arguments.positionals[0])'")
      }
      var port: UInt16 = 8765
      if let text = arguments.value("--port") {
        guard let number = UInt16(text) else {
          throw UsageError(message: "--port must be a number from 0 to 65535, not '\(text)'")
        }
        port = number
      }
      var folder = arguments.value("--examples")
      if folder == nil {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: "Playground", isDirectory: &isDirectory), isDirectory.boolValue {
          folder = "Playground"
        }
      }
      let examples = try PlaygroundExample.load(folder: folder)
      let server: LocalHTTPServer
      do throws(LocalHTTPServer.Failure) {
        server = try LocalHTTPServer(port: port)
      } catch {
        throw InputError(message: error.description)
      }
      let service = PlaygroundService(port: server.port, examples: examples)
      Watch.endOnInterrupt()
      console.print("precept playground: serving http://127.0.0.1:\(server.port)/ (Ctrl-C stops)")
      console.printError("\(examples.count) examples\(folder.map { " (from \($0) and the standard rulesets)" } ?? "")")
      server.serve { service.handle($0) }
      return 0
    })
}
