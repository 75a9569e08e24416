import AppIntents

/// The App Intents extension. LogDrinkIntent, LogWaterIntent, StartSessionIntent and
/// EndSessionIntent (as LiveActivityIntents) land here with the widgets issue.
@main
struct WaterlineIntentsExtension: AppIntentsExtension {}
