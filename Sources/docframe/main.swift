import Foundation

exit(DocFrameCLI.dispatch(Array(CommandLine.arguments.dropFirst())).rawValue)
