// SPDX-License-Identifier: MIT
import TransitionActions

extension ImportResult {
    /// Touchégg and fusuma-plugin-appmatcher run an application's own gesture instead of the
    /// general one in that application: each action for every application whose transitions
    /// an application's own action also drives gets `not_apps` for those applications, so that
    /// one gesture never acts twice.
    mutating func excludeOverriddenApplications() {
        let specific = actions.compactMap { action -> (transitions: Set<String>, apps: [String])? in
            guard let apps = action.apps, !apps.excluded else { return nil }
            return (Set(action.transitions), apps.names)
        }
        guard !specific.isEmpty else { return }
        for index in actions.indices where actions[index].apps == nil {
            let transitions = Set(actions[index].transitions)
            var excluded: [String] = []
            for entry in specific where !entry.transitions.isDisjoint(with: transitions) {
                for app in entry.apps where !excluded.contains(app) { excluded.append(app) }
            }
            if !excluded.isEmpty { actions[index].apps = AppCondition(names: excluded, excluded: true) }
        }
    }

}
