/// What a command says on standard error besides errors: the "Wrote …" line (not
/// with --quiet) and stage times (with --verbose).
struct StatusOutput {
    let verbose: Bool
    let quiet: Bool

    /// The line is only made when it is said: with --quiet a card's "Wrote …" line
    /// (its sizes and printf-formatted seconds) cost 0.1 ms at the end of the run.
    func status(_ line: @autoclosure () -> String) {
        if !quiet { Console.report(line()) }
    }
}
