/// The daemon's version, reported by `--version`, `hello` and `status`.
public enum DaemonVersion {
    public static let string = "0.1.0"
}
