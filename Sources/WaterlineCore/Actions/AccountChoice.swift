/// What happens to this device's data when someone signs in as another account than the one
/// whose data it holds. Never decided silently: the two accounts' data are never merged unasked.
public enum AccountChoice: String, Sendable, CaseIterable {
    /// Everything on this device is sent to the newly signed-in account (a copy: the other
    /// account keeps its own on the backend).
    case keepThisDevicesData
    /// This device's records are removed and the signed-in account's are pulled.
    case startClean
}
