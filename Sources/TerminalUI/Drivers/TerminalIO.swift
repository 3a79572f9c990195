import CTerminalRestore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Thin wrappers over the POSIX terminal calls.
enum TerminalIO {
    static func attributes(of fd: Int32) throws -> termios {
        var attributes = termios()
        guard tcgetattr(fd, &attributes) == 0 else { throw TerminalError.systemCall(name: "tcgetattr", errno: errno) }
        return attributes
    }

    static func setAttributes(_ attributes: termios, of fd: Int32, discardingInput: Bool) throws {
        var attributes = attributes
        guard tcsetattr(fd, discardingInput ? TCSAFLUSH : TCSANOW, &attributes) == 0 else {
            throw TerminalError.systemCall(name: "tcsetattr", errno: errno)
        }
    }

    /// What `cfmakeraw` does, spelled out: bytes arrive one by one, unechoed and untranslated, and Ctrl-C /
    /// Ctrl-Z arrive as bytes instead of signals, so the shell decides what they do.
    static func raw(from original: termios) -> termios {
        var raw = original
        raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        return raw
    }

    /// The window size in cells, or nil when the descriptor is no terminal or reports nothing.
    static func windowSize(of fd: Int32) -> Size? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return Size(width: Int(size.ws_col), height: Int(size.ws_row))
    }

    /// A cell's size in pixels, when the terminal reports its window's pixels (kitty, iTerm2, WezTerm do); nil
    /// otherwise.
    static func cellPixels(of fd: Int32) -> Size? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0, size.ws_xpixel > 0, size.ws_ypixel > 0
        else { return nil }
        return Size(width: Int(size.ws_xpixel) / Int(size.ws_col), height: Int(size.ws_ypixel) / Int(size.ws_row))
    }

    /// Writes every byte, retrying after interruptions and partial writes; gives up on other errors (a closed
    /// terminal has no one left to show the output to).
    static func writeAll(_ bytes: [UInt8], to fd: Int32) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = write(fd, base + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && (errno == EINTR || errno == EAGAIN) {
                    continue
                } else {
                    return
                }
            }
        }
    }
}
