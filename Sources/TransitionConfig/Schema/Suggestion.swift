// SPDX-License-Identifier: MIT
/// "Did you mean …?" for a misspelt key or value.
package enum Suggestion {
    /// The candidate closest to `word` by edit distance, if close enough to be a typo: at most
    /// one edit for short words, two for words of five letters or more, and never the word itself.
    package static func closest(to word: String, among candidates: [String]) -> String? {
        let limit = word.count >= 5 ? 2 : 1
        var best: (String, Int)?
        for candidate in candidates where candidate != word {
            let distance = editDistance(Array(word.lowercased().unicodeScalars), Array(candidate.unicodeScalars), cap: limit)
            if distance <= limit, best == nil || distance < best!.1 { best = (candidate, distance) }
        }
        return best?.0
    }

    /// Damerau–Levenshtein distance (adjacent swaps count as one edit), giving up past `cap`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], cap: Int) -> Int {
        if abs(a.count - b.count) > cap { return cap + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
