import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Names the calling thread, so `top -H`, `perf` and `scripts/bench-server` tell the server's
/// own threads apart (a thread otherwise inherits its creator's name, here an event loop's).
/// Written to `/proc` too: Foundation's `Thread.name` did not always reach the system on Linux,
/// and the database thread's time was then counted as the event loops'.
func nameCurrentThread(_ name: String) {
    Thread.current.name = name
    #if os(Linux)
    // The thread's own entry in /proc, which is what the system keeps the name in.
    try? Data(name.prefix(15).utf8).write(to: URL(fileURLWithPath: "/proc/thread-self/comm"))
    #endif
}
