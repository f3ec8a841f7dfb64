import Foundation
import PreceptTool

exit(PreceptTool.main(arguments: Array(CommandLine.arguments.dropFirst())))
