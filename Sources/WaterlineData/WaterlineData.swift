// The SwiftData models (`@Model` classes mirroring WaterlineKit's values) and the
// `SwiftDataSessionStore` land here with the iPhone app. SwiftData exists only on Apple
// platforms, so on Linux this module compiles empty.
#if canImport(SwiftData)
import SwiftData
import WaterlineKit
#endif
