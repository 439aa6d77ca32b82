// SPDX-License-Identifier: MIT
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The libm functions the core needs, under names that do not clash with `Double`'s own.
@inline(__always) func _exp(_ x: Double) -> Double { exp(x) }
@inline(__always) func _expm1(_ x: Double) -> Double { expm1(x) }
@inline(__always) func _cos(_ x: Double) -> Double { cos(x) }
@inline(__always) func _sin(_ x: Double) -> Double { sin(x) }
@inline(__always) func _atanh(_ x: Double) -> Double { atanh(x) }
@inline(__always) func _log(_ x: Double) -> Double { log(x) }

extension Double {
    // Thin wrappers so the spring and curve formulas read like the maths.
    static func exp(_ x: Double) -> Double { _exp(x) }
    static func expm1(_ x: Double) -> Double { _expm1(x) }
    static func cos(_ x: Double) -> Double { _cos(x) }
    static func sin(_ x: Double) -> Double { _sin(x) }
    static func atanh(_ x: Double) -> Double { _atanh(x) }
    static func log(_ x: Double) -> Double { _log(x) }
}
