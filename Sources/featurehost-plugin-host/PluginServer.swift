import CFeatureHostPluginABI
import Dispatch
import FeatureHostPluginWire
import Foundation

/// Serves one library's C table to the host's requests, on the main queue. Every reply carries the instance's
/// status (work in flight, clock, minimum size, key hints, frames asked for during the request), so the host never
/// has to ask for them; changes between requests are pushed (`ChildMessage.status`).
@MainActor
final class PluginServer {
    static var shared: PluginServer?

    let channel: ChildChannel
    private var table: featurehost_plugin?
    private var web: featurehost_plugin_web?
    /// The optional reformat entry; nil for a library built before it.
    private var reformat: featurehost_plugin_reformat?
    private var limits = HostRequest.OutputLimits(
        manifestBytes: 1 << 20, assetListBytes: 32 << 20, errorMessageBytes: 64 << 10, frameBytes: 8 << 20, keyHintBytes: 64 << 10,
        htmlBytes: 1 << 20)
    private var instances: [UInt32: UnsafeMutableRawPointer] = [:]
    /// The last status sent for each instance, and the key hints in it, to send only what changed.
    private var sent: [UInt32: InstanceStatus] = [:]
    private var sentHints: [UInt32: [UInt8]] = [:]
    /// Advances waiting for the plugin's `done`, by token.
    private var batches: [UInt: Batch] = [:]
    /// Runs every millisecond while an instance has work in flight or a clock settling, to push the change.
    private var poll: (any DispatchSourceTimer)?

    init(channel: ChildChannel) { self.channel = channel }

    func handle(_ frame: ChannelFrame) {
        let request: HostRequest
        do {
            request = try HostRequest.decode(frame)
        } catch {
            ChildChannel.fail("the host sent \(error.description)")
        }
        let instance = request.instance
        if let instance { FrameRequests.shared.hold(instance) }
        let reply = answer(request, requestID: frame.requestID)
        if let instance, reply != nil || batches.values.allSatisfy({ $0.instance != instance }) {
            FrameRequests.shared.release(instance)
        }
        if let reply { channel.send(reply, requestID: frame.requestID) }
        flushFrameRequests()
        updatePolling()
    }

    /// The reply, or nil when there is none yet (an advance waiting for `done`) or none at all (`destroy`).
    private func answer(_ request: HostRequest, requestID: UInt32) -> ChildMessage? {
        switch request {
        case .hello(let hello): return .reply(load(hello))
        case .ping: return .pong
        case .webAssets:
            guard let list = web?.assets else { return .reply(ChannelReply()) }
            do {
                let bytes = try ByteSink.collect(limit: Int(clamping: limits.assetListBytes)) { sink, write in list(sink, write) }
                return .reply(ChannelReply(bytes: bytes))
            } catch {
                return .reply(ChannelReply(outcome: .overLimit(OverLimit(.assetList, limit: error.limit))))
            }
        case .create(let instance, let context): return .reply(create(instance, context: context))
        case .destroy(let instance):
            if let pointer = instances.removeValue(forKey: instance) { table?.destroy?(pointer) }
            sent[instance] = nil
            sentHints[instance] = nil
            FrameRequests.shared.forget(instance)
            return nil
        default: break
        }
        guard let instance = request.instance, let pointer = instances[instance], let table else {
            return .reply(ChannelReply(outcome: .unknownInstance))
        }
        var reply = ChannelReply()
        switch request {
        case .openScene: table.open_scene?(pointer)
        case .openWebScene: web?.open_web_scene?(pointer)
        case .render(_, let width, let height):
            guard let render = table.render else { break }
            do {
                reply.bytes = try ByteSink.collect(limit: Int(clamping: limits.frameBytes)) { sink, write in
                    render(pointer, width, height, sink, write)
                }
            } catch {
                return .reply(ChannelReply(outcome: .overLimit(OverLimit(.frame, limit: error.limit))))
            }
        case .key(_, let bytes):
            let handled = bytes.withUnsafeBufferPointer { table.handle_key?(pointer, $0.baseAddress, $0.count) ?? 0 }
            reply.number = Int64(handled)
        case .lifecycle(_, let code): table.handle_lifecycle?(pointer, code)
        case .renderHTML:
            guard let render = web?.render_html else { break }
            do {
                reply.bytes = try ByteSink.collect(limit: Int(clamping: limits.htmlBytes)) { sink, write in render(pointer, sink, write) }
            } catch {
                return .reply(ChannelReply(outcome: .overLimit(OverLimit(.html, limit: error.limit))))
            }
        case .pageEvent(_, let json):
            let handled = json.withUnsafeBufferPointer { web?.handle_page_event?(pointer, $0.baseAddress, $0.count) ?? 0 }
            reply.number = Int64(handled)
        case .reformat(_, let json):
            // 0 from a library built before the entry: the host makes the instance again.
            let reformatted = json.withUnsafeBufferPointer { reformat?.reformat?(pointer, $0.baseAddress, $0.count) ?? 0 }
            reply.number = Int64(reformatted)
        case .advance(_, let advance):
            return step(Batch(requestID: requestID, instance: instance, pointer: pointer, advance: advance, target: advance.first))
        default: break
        }
        return finish(reply, instance: instance, pointer: pointer)
    }

    /// The reply with the instance's status, or the over-limit answer when its key hints are too long.
    private func finish(_ reply: ChannelReply, instance: UInt32, pointer: UnsafeMutableRawPointer) -> ChildMessage {
        var reply = reply
        switch status(of: instance, pointer: pointer, frames: FrameRequests.shared.take(instance)) {
        case .success(let status): reply.status = status
        case .failure(let overLimit): return .reply(ChannelReply(outcome: .overLimit(overLimit)))
        }
        return .reply(reply)
    }

    // MARK: - Loading

    private func load(_ hello: HostRequest.Hello) -> ChannelReply {
        guard hello.version == HostRequest.Hello.protocolVersion else {
            return ChannelReply(outcome: .loadFailed(.channelVersion(found: HostRequest.Hello.protocolVersion)))
        }
        limits = hello.limits
        let path = String(decoding: hello.library, as: UTF8.self)
        switch PluginTable.open(path, manifestLimit: Int(clamping: limits.manifestBytes)) {
        case .failure(let failure):
            return ChannelReply(outcome: .loadFailed(failure))
        case .success(let opened):
            table = opened.table.pointee
            web = opened.web?.pointee
            reformat = opened.reformat?.pointee
            return ChannelReply(bytes: opened.manifest, number: opened.web == nil ? 0 : 1)
        }
    }

    private func create(_ instance: UInt32, context: [UInt8]) -> ChannelReply {
        guard let create = table?.create, instance != 0, instances[instance] == nil else {
            return ChannelReply(outcome: .refused, bytes: Array("the plugin has no create function.".utf8))
        }
        let errorSink = ByteSink(limit: Int(clamping: limits.errorMessageBytes))
        let made = errorSink.receive { sink, write in
            context.withUnsafeBufferPointer { buffer in
                create(
                    buffer.baseAddress, buffer.count, UnsafeMutableRawPointer(bitPattern: UInt(instance)), FrameRequests.callback, sink,
                    write)
            }
        }
        guard let made else {
            return ChannelReply(outcome: .refused, bytes: errorSink.bytes, number: errorSink.isOverLimit ? 1 : 0)
        }
        instances[instance] = made
        guard case .reply(let reply) = finish(ChannelReply(), instance: instance, pointer: made) else { return ChannelReply() }
        return reply
    }

    // MARK: - Status

    private func status(of instance: UInt32, pointer: UnsafeMutableRawPointer, frames: UInt32) -> Result<InstanceStatus, OverLimit> {
        guard let table else { return .success(InstanceStatus(instance: instance)) }
        var width: Int32 = 0
        var height: Int32 = 0
        table.minimum_size?(pointer, &width, &height)
        var hints: [UInt8] = []
        if let keyHints = table.key_hints {
            do {
                hints = try ByteSink.collect(limit: Int(clamping: limits.keyHintBytes)) { sink, write in keyHints(pointer, sink, write) }
            } catch {
                return .failure(OverLimit(.keyHints, limit: error.limit))
            }
        }
        let status = InstanceStatus(
            instance: instance, inFlight: table.in_flight?(pointer) ?? 0, isAdvancing: (table.is_advancing?(pointer) ?? 0) != 0,
            nextDeadline: table.next_deadline?(pointer) ?? -1, minimumWidth: width, minimumHeight: height,
            keyHints: sentHints[instance] == hints ? nil : hints, framesRequested: frames)
        sentHints[instance] = hints
        var kept = status
        kept.keyHints = nil
        kept.framesRequested = 0
        sent[instance] = kept
        return .success(status)
    }

    /// Pushes the status of each instance whose frames were asked for outside a request (a live timer, a task).
    func flushFrameRequests() {
        for (instance, frames) in FrameRequests.shared.takeReleased() {
            guard let pointer = instances[instance] else { continue }
            push(instance, pointer: pointer, frames: frames)
        }
    }

    private func push(_ instance: UInt32, pointer: UnsafeMutableRawPointer, frames: UInt32) {
        switch status(of: instance, pointer: pointer, frames: frames) {
        case .success(let status): channel.send(.status(status))
        case .failure(let overLimit): channel.send(.stopped(instance: instance, overLimit))
        }
    }

    /// Polls every millisecond while any instance has work in flight or a clock settling: the push that says the
    /// work ended carries any deadline its result armed.
    private func updatePolling() {
        let busy = sent.values.contains { $0.inFlight > 0 || $0.isAdvancing }
        if busy, poll == nil {
            let timer = DispatchSource.makeTimerSource(queue: .main)
            timer.schedule(deadline: .now() + .milliseconds(1), repeating: .milliseconds(1))
            timer.setEventHandler { MainActor.assumeIsolated { PluginServer.shared?.pollStatuses() } }
            timer.resume()
            poll = timer
        } else if !busy, let timer = poll {
            timer.cancel()
            poll = nil
        }
    }

    private func pollStatuses() {
        guard let table else { return }
        for (instance, pointer) in instances where !FrameRequests.shared.isHeld(instance) {
            guard let last = sent[instance] else { continue }
            let inFlight = table.in_flight?(pointer) ?? 0
            let advancing = (table.is_advancing?(pointer) ?? 0) != 0
            let next = table.next_deadline?(pointer) ?? -1
            if inFlight != last.inFlight || advancing != last.isAdvancing || next != last.nextDeadline {
                push(instance, pointer: pointer, frames: FrameRequests.shared.take(instance))
            }
        }
        updatePolling()
    }

    // MARK: - Virtual time

    /// One horizon batch: the instants reached so far and the next to move to.
    struct Batch {
        let requestID: UInt32
        let instance: UInt32
        let pointer: UnsafeMutableRawPointer
        let advance: HostRequest.Advance
        var steps: [AdvanceStep] = []
        var target: Int64
        let started = DispatchTime.now().uptimeNanoseconds
    }

    /// A batch spends at most this much real time before it answers, so the host's deadline for it is never near.
    static let batchTime: UInt64 = 20_000_000

    /// Moves the clock step by step until the batch ends (its reply) or a step's `done` has to be waited for (nil).
    private func step(_ batch: Batch) -> ChildMessage? {
        var batch = batch
        guard let advance = table?.advance else { return finish(ChannelReply(), instance: batch.instance, pointer: batch.pointer) }
        while true {
            let pointer = batch.pointer
            let target = batch.target
            if let token = DoneTokens.shared.call({ context in advance(pointer, target, context, DoneTokens.done) }) {
                batches[token] = batch
                return nil
            }
            if let reply = stepEnded(&batch) { return reply }
        }
    }

    /// Records the step just ended; the reply when the batch is over, nil when it goes on to `batch.target`.
    private func stepEnded(_ batch: inout Batch) -> ChildMessage? {
        batch.steps.append(AdvanceStep(offset: batch.target, framesRequested: FrameRequests.shared.take(batch.instance)))
        let next = table?.next_deadline?(batch.pointer) ?? -1
        let advance = batch.advance
        let goesOn =
            next >= 0 && next > batch.target && next <= advance.limit && (advance.horizon < 0 || next < advance.horizon)
            && batch.steps.count < Int(advance.maximumSteps)
            && DispatchTime.now().uptimeNanoseconds - batch.started < Self.batchTime
        guard !goesOn else {
            batch.target = next
            return nil
        }
        return finish(ChannelReply(steps: batch.steps), instance: batch.instance, pointer: batch.pointer)
    }

    /// The plugin's `done` for a step that did not settle within its call.
    func resume(_ token: UInt) {
        guard var batch = batches.removeValue(forKey: token) else { return }
        var reply = stepEnded(&batch)
        if reply == nil { reply = step(batch) }
        guard let reply else { return }
        FrameRequests.shared.release(batch.instance)
        channel.send(reply, requestID: batch.requestID)
        flushFrameRequests()
        updatePolling()
    }
}
