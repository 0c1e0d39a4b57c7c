import Foundation
import Testing

/// A real `wallgen studio`, started for one test with a temporary folder and XDG folders of
/// its own, and what it printed.
final class StudioProcess: @unchecked Sendable {  // set up once in init; requests only read it
    let process = Process()
    let folder: String
    /// The studio's TMPDIR: its private folder must be gone from here once it stops.
    let temporary: String
    let address: String
    let port: Int
    let token: String
    private let output = Pipe()
    private let errors = Pipe()

    init(
        in folder: String, arguments: [String] = ["--no-open"], environment extra: [String: String] = [:],
        executable: URL = productsFolder.appendingPathComponent("wallgen")
    ) throws {
        self.folder = folder
        temporary = folder + "/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary
        environment["XDG_DATA_HOME"] = folder + "/data"
        environment["XDG_CONFIG_HOME"] = folder + "/config"
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        for (name, value) in extra { environment[name] = value }
        process.executableURL = executable
        process.arguments = ["studio"] + arguments
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let line = Self.firstLine(output.fileHandleForReading)
        address = line
        let pattern = ##/^http://127\.0\.0\.1:(\d+)/#token=([0-9a-f]{32})$/##
        guard let match = line.wholeMatch(of: pattern) else {
            process.terminate()
            process.waitUntilExit()
            let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw StudioTestError("the studio's first line is not its address: '\(line)'; stderr: \(said)")
        }
        port = Int(match.1)!
        token = String(match.2)
    }

    /// Reads up to the first line break (the address is printed whole, then the studio waits).
    private static func firstLine(_ handle: FileHandle) -> String {
        var bytes: [UInt8] = []
        while true {
            var byte: UInt8 = 0
            guard read(handle.fileDescriptor, &byte, 1) == 1, byte != 10 else { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Sends `signal` and waits: the exit status, the rest of standard output and standard error.
    func stop(signal: Int32 = SIGTERM) -> (status: Int32, output: String, errors: String) {
        if process.isRunning { kill(process.processIdentifier, signal) }
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: rest, as: UTF8.self), String(decoding: said, as: UTF8.self)
        )
    }

    /// The header the page sends its token in.
    var tokenHeader: String { "X-Wallgen-Token: \(token)" }
    var host: String { "127.0.0.1:\(port)" }

    /// A request with the token and the right Host, and whatever else is given.
    func request(
        _ method: String, _ path: String, headers: [String] = [], body: [UInt8] = [], withToken: Bool = true
    ) throws -> RawResponse {
        var lines = ["\(method) \(path) HTTP/1.1", "Host: \(host)", "Connection: close"]
        if withToken { lines.append(tokenHeader) }
        if !body.isEmpty { lines.append("Content-Length: \(body.count)") }
        lines += headers
        return try RawHTTP.exchange(port: port, Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + body)
    }

    /// `POST path` with a JSON body.
    func post(_ path: String, json: String, headers: [String] = []) throws -> RawResponse {
        try request("POST", path, headers: ["Content-Type: application/json"] + headers, body: Array(json.utf8))
    }
}

struct StudioTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// An answer as the bytes on the wire: the status, headers by lower-cased name, the body.
struct RawResponse {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// HTTP over a plain socket, so a test can send what no client library would (`/../`, a
/// foreign Host, a body that never comes).
enum RawHTTP {
    /// A connected socket to 127.0.0.1:port, reads timing out after `timeout` seconds.
    static func connect(port: Int, timeout: Int = 30) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw StudioTestError("socket: \(errno)") }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw StudioTestError("connect to port \(port): errno \(errno)")
        }
        return descriptor
    }

    static func send(_ descriptor: Int32, _ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if count <= 0 { return }
            sent += count
        }
    }

    /// Sends `bytes` whole; false once the other end has closed the connection.
    static func trySend(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }

    /// Reads one response: headers, then Content-Length bytes of body.
    static func receive(_ descriptor: Int32) throws -> RawResponse {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var headerEnd: Int?
        var length = 0
        while true {
            if let end = headerEnd, data.count >= end + length { break }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 {
                if headerEnd != nil || data.isEmpty == false { break }
                throw StudioTestError("no answer (errno \(errno))")
            }
            data += buffer[0..<count]
            if headerEnd == nil, let range = find([13, 10, 13, 10], in: data) {
                headerEnd = range + 4
                let head = String(decoding: data[0..<range], as: UTF8.self)
                for line in head.split(separator: "\r\n").dropFirst() {
                    let parts = line.split(separator: ":", maxSplits: 1)
                    if parts.count == 2, parts[0].lowercased() == "content-length" {
                        length = Int(parts[1].trimmingCharacters(in: .whitespaces)) ?? 0
                    }
                }
            }
        }
        guard let end = headerEnd else { throw StudioTestError("an answer without headers: \(data.count) bytes") }
        let head = String(decoding: data[0..<(end - 4)], as: UTF8.self).split(separator: "\r\n")
        let status = Int(head.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 {
                let name = parts[0].lowercased()
                let value = parts[1].trimmingCharacters(in: .whitespaces)
                headers[name] = headers[name].map { $0 + ", " + value } ?? value
            }
        }
        return RawResponse(status: status, headers: headers, body: Array(data[end..<min(data.count, end + length)]))
    }

    /// Sends one request and reads its answer on a connection of its own.
    static func exchange(port: Int, _ request: [UInt8], timeout: Int = 60) throws -> RawResponse {
        let descriptor = try connect(port: port, timeout: timeout)
        defer { close(descriptor) }
        send(descriptor, request)
        return try receive(descriptor)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count)
        where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
