#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The controlling terminal for the live screen: raw keys, its size, an alternate screen that is
/// put back as it was on the way out.
final class Terminal {
    private var original = termios()
    private var isRaw = false

    /// Whether both standard input and output are a terminal.
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// Columns and rows; a usual 80 × 24 when the terminal does not say.
    var size: (width: Int, height: Int) {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else { return (80, 24) }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Keys arrive one by one, unechoed, Ctrl-C included; the screen switches to the alternate buffer.
    func enter() {
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        // TCSANOW, not TCSAFLUSH: keys typed before the screen opened still count.
        isRaw = tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0
        write("\u{1B}[?1049h\u{1B}[?25l")
    }

    /// Puts the terminal back as it was.
    func leave() {
        write("\u{1B}[?25h\u{1B}[?1049l")
        if isRaw { tcsetattr(STDIN_FILENO, TCSAFLUSH, &original) }
        isRaw = false
    }

    /// Redraws the whole screen with `lines`.
    func draw(_ lines: [String]) {
        write("\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J")
    }

    func bell() {
        write("\u{7}")
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
