// SPDX-License-Identifier: MIT
extension EngineConfiguration {
    /// This configuration without its bindings of `gestureNames` (as the configuration writes
    /// them: `swipe4-up`): the gestures a declared transition owns
    /// (``TransitionEngine/ownedGestureNames``), which the transitions configured on them give
    /// up while it lives. The transitions stay, so a gesture already in flight on one ends as
    /// usual; the next such gesture drives nothing here.
    public func steppingAside(for gestureNames: Set<String>) -> EngineConfiguration {
        guard !gestureNames.isEmpty else { return self }
        var result = self
        result.bindings.removeAll { gestureNames.contains($0.gestureName) }
        return result
    }
}
