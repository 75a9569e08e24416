import Foundation
import WaterlineCore

extension ConsequencePlan {
    /// Ends the Live Activity of a session no longer running, and updates (or starts, when it is
    /// missing: a session started in an extension's process) the running session's. A start the
    /// system refuses is asked for again at the next event, as the activity is still missing.
    mutating func showLiveActivity(_ event: RuntimeEvent, state shownState: DeviceState, live state: DeviceState, in context: PlanContext) {
        let activeId = state.active?.session.id
        var actedOn: SessionSnapshot?
        if case .action(let result, _) = event { actedOn = result.session }
        // The running session gone quiet: its activity ends showing it as it stood, ended.
        let quiet = shownState.active.flatMap { $0.session.id == activeId ? nil : $0 }
        // What a session no longer running shows last, ended, when it is known.
        func finalGlance(of sessionId: UUID) -> SessionGlance? {
            let snapshot = actedOn?.session.id == sessionId ? actedOn : context.endedSessions[sessionId] ?? (quiet?.session.id == sessionId ? quiet : nil)
            return snapshot.map { snapshot in
                var final = state.glance(of: snapshot)
                final.isEnded = true
                return final
            }
        }
        for sessionId in context.liveActivities.sorted(by: { $0.uuidString < $1.uuidString }) where sessionId != activeId {
            consequences.append(.endLiveActivity(sessionId: sessionId, final: finalGlance(of: sessionId)))
            shown.glances[sessionId] = nil
        }
        // A tile the system ended at the eighth hour still shows the session as it stood then, buttons
        // and all, for up to four hours. Once the session ends it is handed the final state, once, to
        // show and then go as an ended session's does. Apple does not say whether an ended activity
        // takes a second end; if it does not, the tile goes at its four hours, and a button tapped
        // on it logs into a session of its own (`QuietSession`), never into this one.
        for sessionId in context.endedActivities.sorted(by: { $0.uuidString < $1.uuidString })
        where sessionId != activeId && !shown.closedEndedTiles.contains(sessionId) {
            guard let final = finalGlance(of: sessionId) else { continue }
            consequences.append(.endLiveActivity(sessionId: sessionId, final: final))
            shown.closedEndedTiles.insert(sessionId)
        }
        guard let activeId, let glance = state.activeGlance else { return }
        if context.liveActivities.contains(activeId) {
            guard shown.glances[activeId] != glance else { return }
            consequences.append(.updateLiveActivity(glance))
        } else {
            // Past its eighth hour iOS ended the session's activity and may still show it, live-looking
            // buttons and all: that tile goes before a new one starts, never beside it; only where
            // the start can succeed (the app in front, or the tile's own button, a Live Activity
            // intent), so a refused start in the background leaves the session its last tile.
            var fromTile = false
            if case .action(_, .liveActivity) = event { fromTile = true }
            if context.endedActivities.contains(activeId), context.isActive || fromTile {
                consequences.append(.dismissEndedLiveActivity(sessionId: activeId))
            }
            consequences.append(.startLiveActivity(glance))
        }
        shown.glances[activeId] = glance
    }
}
