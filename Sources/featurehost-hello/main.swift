import Foundation

// The start-up benchmark's anchor (`featurehost-bench startup`): a hello-world linked with Foundation and built the
// same way as `featurehost`, so the two are compared as processes, loader and runtime included.
FileHandle.standardOutput.write(Data("hello, world\n".utf8))
