import Foundation
import WaterlineCore
import WaterlineAPI
import WaterlineStorage
import WaterlineRuntime

extension UUID {
    /// A readable fixed id: `UUID(number: 7)` is 00000000-0000-0000-0000-000000000007.
    public init(number: Int) {
        let hex = String(number, radix: 16)
        let padded = String(repeating: "0", count: 12 - hex.count) + hex
        self.init(uuidString: "00000000-0000-0000-0000-\(padded)")!
    }
}
