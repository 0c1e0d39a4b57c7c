/// Splits CSV as RFC 4180 writes it: fields separated by commas, a field in double quotes
/// may hold commas, line breaks and quotes written twice (`""`). Spreadsheets in many
/// European locales separate with `;`, and "text (tab delimited)" with tabs: the separator
/// is the header's (`separator(ofHeader:)`).
enum CSVRecord {
    /// The separators a spreadsheet writes: comma, semicolon, tab.
    static let separators: [UInt8] = [0x2C, 0x3B, 0x09]

    /// The separator a header line uses: whichever of comma, semicolon and tab it holds
    /// most outside quotes (a comma when it holds none, or as many of another).
    static func separator(ofHeader bytes: [UInt8]) -> UInt8 {
        var counts: [UInt8: Int] = [:]
        var inQuotes = false
        for byte in bytes {
            if byte == 0x22 { inQuotes.toggle() }
            if !inQuotes, separators.contains(byte) { counts[byte, default: 0] += 1 }
        }
        return separators.max { (counts[$0] ?? 0, $0 == 0x2C ? 1 : 0) < (counts[$1] ?? 0, $1 == 0x2C ? 1 : 0) }!
    }

    /// The state after some lines of a record: the fields so far, and whether the last
    /// field's quotes are still open (the record then goes on at the next line).
    struct Partial {
        var fields: [String] = []
        var field: [UInt8] = []
        var inQuotes = false
        var wasQuoted = false
    }

    /// Adds one line to `partial`; returns true when the record is complete.
    /// `line` is the file's line number, for messages.
    static func add(_ bytes: [UInt8], to partial: inout Partial, line: Int, separator: UInt8 = 0x2C)
        throws(ManifestError) -> Bool
    {
        var index = 0
        if partial.inQuotes { partial.field.append(0x0A) }
        while index < bytes.count {
            let byte = bytes[index]
            let column = index + 1
            if partial.inQuotes {
                if byte == 0x22 {
                    if index + 1 < bytes.count, bytes[index + 1] == 0x22 {
                        partial.field.append(0x22)
                        index += 2
                        continue
                    }
                    partial.inQuotes = false
                    if index + 1 < bytes.count, bytes[index + 1] != separator {
                        throw .malformedCSV(line: line, column: column + 1, reason: "text after a closing quote")
                    }
                } else {
                    partial.field.append(byte)
                }
                index += 1
                continue
            }
            switch byte {
            case separator:
                try finishField(&partial, line: line)
            case 0x22 where partial.field.isEmpty && !partial.wasQuoted:
                partial.inQuotes = true
                partial.wasQuoted = true
            case 0x22:
                throw .malformedCSV(line: line, column: column, reason: "a quote inside an unquoted field")
            default:
                partial.field.append(byte)
            }
            index += 1
        }
        if partial.inQuotes { return false }
        try finishField(&partial, line: line)
        return true
    }

    private static func finishField(_ partial: inout Partial, line: Int) throws(ManifestError) {
        guard let text = String(validating: partial.field, as: UTF8.self) else {
            throw .malformedCSV(line: line, column: 1, reason: "a field is not valid UTF-8")
        }
        partial.fields.append(text)
        partial.field = []
        partial.wasQuoted = false
    }
}
