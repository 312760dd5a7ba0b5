/// Typed access to the values of a ``LocatedJSON`` document for a reader with its own error
/// type: each reader (the dashboard layout, the composition file) says only how a message about
/// the value at a byte offset and JSON path becomes its error; objects, arrays, strings,
/// numbers and booleans are checked here, once, with the same messages for both.
package protocol LocatedJSONDecoding {
    associatedtype Failure: Error

    /// The reader's error for `message` about the value at byte `offset`, JSON path `path`.
    func failure(at offset: Int, _ path: String, _ message: String) -> Failure
}

extension LocatedJSONDecoding {
    package func fail(_ v: LocatedJSON, _ path: String, _ message: String) -> Failure {
        failure(at: v.offset, path, message)
    }

    /// An object's members by name: unknown members, a member given twice and a missing
    /// required member are errors (a misspelt member is never silently ignored).
    package func members(_ v: LocatedJSON, _ path: String, allowed: [String], required: [String] = [])
        throws(Failure) -> [String: LocatedJSON]
    {
        guard case .object(let list, _) = v else { throw fail(v, path, "expected an object, found \(v.kindName)") }
        var out: [String: LocatedJSON] = [:]
        for m in list {
            let p = path.isEmpty ? m.key : "\(path).\(m.key)"
            guard allowed.contains(m.key) else {
                throw failure(
                    at: m.offset, p, "unknown member \"\(m.key)\"; expected one of \(allowed.joined(separator: ", "))")
            }
            guard out[m.key] == nil else { throw failure(at: m.offset, p, "\"\(m.key)\" given twice") }
            out[m.key] = m.value
        }
        for key in required where out[key] == nil {
            throw fail(v, path, "\"\(key)\" is required")
        }
        return out
    }

    package func array(_ v: LocatedJSON, _ path: String) throws(Failure) -> [LocatedJSON] {
        guard case .array(let items, _) = v else { throw fail(v, path, "expected an array, found \(v.kindName)") }
        return items
    }

    package func string(_ v: LocatedJSON, _ path: String) throws(Failure) -> String {
        guard case .string(let s, _) = v else { throw fail(v, path, "expected a string, found \(v.kindName)") }
        return s
    }

    package func number(_ v: LocatedJSON, _ path: String, in range: ClosedRange<Double>) throws(Failure) -> Double {
        guard case .number(let n, _) = v else { throw fail(v, path, "expected a number, found \(v.kindName)") }
        guard range.contains(n) else {
            throw fail(v, path, "expected a number from \(range.lowerBound) to \(range.upperBound), not \(n)")
        }
        return n
    }

    package func bool(_ v: LocatedJSON, _ path: String) throws(Failure) -> Bool {
        guard case .bool(let b, _) = v else { throw fail(v, path, "expected true or false, found \(v.kindName)") }
        return b
    }
}
