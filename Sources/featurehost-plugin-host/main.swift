import CFeatureHostProcess
import Dispatch
import FeatureHostPluginWire
import Foundation

// featurehost-plugin-host: one per plugin library, started by the host (docs/architecture.md, "Plugins run out of
// process"). Its descriptor 3 is the channel to the host; 1 and 2 go to the host's log of this plugin; 0 is
// /dev/null. It loads the library the host's `hello` names and serves the library's C table to the host's
// requests, one at a time, on its main queue (the main actor's executor, as the plugin kit expects). It exits when
// the host closes the channel or dies.

let arguments = ChildArguments(CommandLine.arguments)
featurehost_child_harden(arguments.addressSpaceLimit)

let channel = ChildChannel(fileDescriptor: 3)
MainActor.assumeIsolated {
    PluginServer.shared = PluginServer(channel: channel)
}
channel.startReading { frame in
    DispatchQueue.main.async {
        MainActor.assumeIsolated { PluginServer.shared?.handle(frame) }
    }
}
dispatchMain()

/// `featurehost-plugin-host [--address-space-limit BYTES]`.
struct ChildArguments {
    var addressSpaceLimit: UInt64 = 0

    init(_ arguments: [String]) {
        var index = 1
        while index < arguments.count {
            if arguments[index] == "--address-space-limit", index + 1 < arguments.count {
                addressSpaceLimit = UInt64(arguments[index + 1]) ?? 0
                index += 1
            }
            index += 1
        }
    }
}
