import Foundation

/// Names the calling thread (Foundation passes it on to the system when the thread names
/// itself), so `top -H` and `perf` tell the server's own threads apart; a thread otherwise
/// inherits its creator's name.
func nameCurrentThread(_ name: String) {
    Thread.current.name = name
}
