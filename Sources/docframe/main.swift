import Foundation

ProcessMemory.keepFreedBuffers()
exit(DocFrameCLI.dispatch(Array(CommandLine.arguments.dropFirst())).rawValue)
