import Foundation
import PreceptTool

exit(PreceptTool.main(arguments: PreceptTool.arguments(argc: CommandLine.argc, argv: CommandLine.unsafeArgv)))
