import ChatsFeature
import DataSources
import FeatureHostCore
import FuzzSupport

/// The chats payload through the decoder the chats sources use: the plist schema when the bytes look like a
/// property list, else the JSON form.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzChats(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    _ = try? ChatsDecoding.payload.decode(input.data, input.looksLikePropertyList ? .plist : .json)
    return 0
}
