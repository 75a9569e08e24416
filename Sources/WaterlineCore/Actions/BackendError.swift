/// An error on the way to the backend or from it (the network, the server): what a screen
/// tells the person is "could not reach the server; nothing was lost", whatever the detail.
public protocol BackendError: Error {}
