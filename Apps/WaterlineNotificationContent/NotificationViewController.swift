import UIKit
import UserNotifications
import UserNotificationsUI
import WaterlineDesign

/// The expanded reminder: the full text and counts that discreet previews leave out (US-036).
/// The app puts them in the request's userInfo (`detailTitle`, `detailBody`).
final class NotificationViewController: UIViewController {
    private let titleLabel = UILabel()
    private let bodyLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        titleLabel.font = .preferredFont(forTextStyle: .headline)
        bodyLabel.font = .preferredFont(forTextStyle: .body)
        bodyLabel.numberOfLines = 0
        for label in [titleLabel, bodyLabel] { label.adjustsFontForContentSizeCategory = true }
        let stack = UIStackView(arrangedSubviews: [titleLabel, bodyLabel])
        stack.axis = .vertical
        stack.spacing = Metrics.spacingXS
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            stack.topAnchor.constraint(equalTo: view.layoutMarginsGuide.topAnchor),
            stack.bottomAnchor.constraint(equalTo: view.layoutMarginsGuide.bottomAnchor),
        ])
    }
}

// `@preconcurrency`: the view controller is main-actor (UIKit's), and `UNNotificationContentExtension`
// is not marked main-actor in the iOS 17 SDK, so under Swift 6 a plain conformance would let a
// main-actor method witness a nonisolated requirement, which is an error. Marked so, it compiles, and
// Swift checks at run time that the system calls `didReceive` on the main thread, as the extension's
// view controller is always called. Should a later SDK mark the protocol main-actor, the attribute
// has no effect (a warning at most) and the conformance stays right. `isolation-check` asks for it.
extension NotificationViewController: @preconcurrency UNNotificationContentExtension {
    func didReceive(_ notification: UNNotification) {
        let content = notification.request.content
        titleLabel.text = content.userInfo["detailTitle"] as? String ?? content.title
        bodyLabel.text = content.userInfo["detailBody"] as? String ?? content.body
    }
}
