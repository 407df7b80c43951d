/// The documented exit codes, in one place.
enum ExitStatus: Int32, Error {
    /// Every record is valid (warnings allowed).
    case valid = 0
    /// At least one record is invalid.
    case invalid = 1
    /// The schema does not compile, an argument is wrong, or a data file cannot be read or parsed.
    case failure = 2
}
