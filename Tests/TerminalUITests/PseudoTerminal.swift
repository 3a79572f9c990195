import CTerminalRestore
import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pseudo-terminal pair for driving `LiveTerminal` in tests: the test plays the terminal emulator on the
/// controller side, the driver gets the other side as its input and output.
final class PseudoTerminal {
    /// -1 once `hangUp()` closed it.
    private(set) var controller: Int32
    let device: Int32

    init?(size: Size) {
        let controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard controller >= 0, let name = Self.unlockDevice(of: controller) else { return nil }
        let device = open(name, O_RDWR | O_NOCTTY)
        guard device >= 0 else {
            close(controller)
            return nil
        }
        self.controller = controller
        self.device = device
        resize(to: size)
    }

    deinit {
        close(device)
        if controller >= 0 { close(controller) }
    }

    /// Closes the emulator's side, as a terminal window closing does: the device side reads end of input.
    func hangUp() {
        guard controller >= 0 else { return }
        close(controller)
        controller = -1
    }

    func resize(to size: Size) {
        var window = winsize(ws_row: UInt16(size.height), ws_col: UInt16(size.width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(device, UInt(TIOCSWINSZ), &window)
    }

    /// Types bytes as the user would.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
    }

    /// Reads what the driver wrote until `marker` appears; gives up after `timeoutMilliseconds` of silence.
    func read(until marker: String, timeoutMilliseconds: Int32 = 5000) -> String {
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var fds = [pollfd(fd: controller, events: Int16(POLLIN), revents: 0)]
        while !String(decoding: output, as: UTF8.self).contains(marker) {
            guard poll(&fds, 1, timeoutMilliseconds) > 0 else { break }
            let count = readBytes(controller, &buffer)
            guard count > 0 else { break }
            output += buffer[0..<count]
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Unlocks the device side and returns its path. Glibc's module map leaves out `posix_openpt` and
    /// friends, so Linux uses their ioctls (`TIOCSPTLCK`, `TIOCGPTN`, function-like macros Swift cannot import).
    private static func unlockDevice(of controller: Int32) -> String? {
        #if os(Linux)
            var unlock: Int32 = 0
            var number: UInt32 = 0
            guard ioctl(controller, 0x4004_5431, &unlock) == 0, ioctl(controller, 0x8004_5430, &number) == 0 else {
                return nil
            }
            return "/dev/pts/\(number)"
        #else
            guard grantpt(controller) == 0, unlockpt(controller) == 0, let name = ptsname(controller) else {
                return nil
            }
            return String(cString: name)
        #endif
    }

    var attributes: termios {
        var attributes = termios()
        tcgetattr(device, &attributes)
        return attributes
    }
}

private func readBytes(_ fd: Int32, _ buffer: inout [UInt8]) -> Int {
    read(fd, &buffer, buffer.count)
}
