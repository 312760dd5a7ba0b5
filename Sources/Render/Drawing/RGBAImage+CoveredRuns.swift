extension RGBAImage {
    /// A run of covered pixels (alpha above 0) on one row.
    struct CoveredRun {
        var row: Int
        var x: Int
        var count: Int
    }

    /// The picture's covered pixels as runs, row by row and left to right; none when the buffer
    /// does not match the size. The overlays (``RGBAOverlay``, ``PlaneOverlay``) keep only these.
    func coveredRuns() -> [CoveredRun] {
        guard hasConsistentBuffer else { return [] }
        var runs: [CoveredRun] = []
        for y in 0..<height {
            let rowStart = y * width
            var x = 0
            while x < width {
                guard pixels[(rowStart + x) * 4 + 3] > 0 else {
                    x += 1
                    continue
                }
                let start = x
                while x < width, pixels[(rowStart + x) * 4 + 3] > 0 { x += 1 }
                runs.append(CoveredRun(row: y, x: start, count: x - start))
            }
        }
        return runs
    }
}
