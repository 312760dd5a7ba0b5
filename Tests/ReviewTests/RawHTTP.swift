import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A plain HTTP/1.1 client over a TCP socket, so that a test sends exactly the request line and
/// headers it means (URLSession would resolve `../`, fix the Host header and percent-decode).
enum RawHTTP {
    struct Reply: Sendable {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Sends `head` (request line and headers, without the blank line) and `body` to
    /// 127.0.0.1:`port`, and reads the whole answer (the request asks the server to close).
    /// The blocking socket calls run on a Dispatch thread: on one of Swift concurrency's few
    /// threads they would starve a server running in the same process.
    static func send(port: Int, head: String, body: [UInt8] = []) async throws -> Reply {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try sendBlocking(port: port, head: head, body: body) })
            }
        }
    }

    static func sendBlocking(port: Int, head: String, body: [UInt8] = []) throws -> Reply {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(errno)") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure(description: "connect to port \(port): \(errno)") }
        let request = Array((head + "\r\nConnection: close\r\n\r\n").utf8) + body
        var sent = 0
        while sent < request.count {
            let n = request[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            // The server may answer and close before a refused body is all sent (413).
            guard n > 0 else { break }
            sent += n
        }
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            answer += chunk[..<n]
        }
        return try parse(answer)
    }

    /// A GET of `target` with the Host header of the server and the extra header lines.
    static func get(port: Int, _ target: String, host: String? = nil, headers: [String] = []) async throws -> Reply {
        try await send(port: port, head: getHead(port: port, target, host: host, headers: headers))
    }

    static func getHead(port: Int, _ target: String, host: String? = nil, headers: [String] = []) -> String {
        (["GET \(target) HTTP/1.1", "Host: \(host ?? "127.0.0.1:\(port)")"] + headers).joined(separator: "\r\n")
    }

    private static func parse(_ bytes: [UInt8]) throws -> Reply {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<$0 + 4]) == separator }) else {
            throw Failure(
                description: "no HTTP head in \(bytes.count) bytes: \(String(decoding: bytes, as: UTF8.self))")
        }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else {
            throw Failure(description: "status line \(lines[0])")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        var body = Array(bytes[(end + 4)...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = dechunk(body) }
        return Reply(status: status, headers: headers, body: body)
    }

    private static func dechunk(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            guard let lineEnd = (i..<bytes.count - 1).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 }) else {
                break
            }
            let size = Int(String(decoding: bytes[i..<lineEnd], as: UTF8.self).split(separator: ";")[0], radix: 16) ?? 0
            if size == 0 { break }
            let start = lineEnd + 2
            out += bytes[start..<min(bytes.count, start + size)]
            i = start + size + 2
        }
        return out
    }
}
