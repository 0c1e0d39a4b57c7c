/// What a command says on standard error besides errors: the "Wrote …" line (not
/// with --quiet) and stage times (with --verbose).
struct StatusOutput {
    let verbose: Bool
    let quiet: Bool

    func status(_ line: String) {
        if !quiet { Console.report(line) }
    }
}
