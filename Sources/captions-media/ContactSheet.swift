import CaptionsCLI
import Media

/// Pictures laid out in a grid on black: left to right, top to bottom, in cells of one size,
/// each picture centred in its cell. The sheet is filled one picture at a time as the pictures
/// are made, so only the sheet itself is held, never all the pictures as well. Assembled here
/// from RGBA rows (a copy per row; no library does this simpler).
struct ContactSheet {
    let width: Int
    let height: Int
    let columns: Int
    let cellWidth: Int
    let cellHeight: Int
    let gap: Int
    let count: Int
    private(set) var rgba: [UInt8]

    /// An opaque black sheet for `count` pictures, `columns` to a row (fewer when there are fewer
    /// pictures), in `cellWidth`×`cellHeight` cells with `gap` pixels between and around them.
    init(count: Int, columns: Int, cellWidth: Int, cellHeight: Int, gap: Int) throws {
        guard count > 0 else { throw Exit.Failure("no pictures to put on a contact sheet") }
        let columnCount = min(columns, count)
        let rows = (count + columnCount - 1) / columnCount
        width = gap + columnCount * (cellWidth + gap)
        height = gap + rows * (cellHeight + gap)
        guard width <= 16384, height <= 16384 else {
            throw Exit.Failure(
                "the contact sheet would be \(width)x\(height) pixels, more than 16384 a side; "
                    + "use a longer --every, more --columns or a smaller --width")
        }
        self.columns = columnCount
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        self.gap = gap
        self.count = count
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<bytes.count / 4 { bytes[i * 4 + 3] = 255 }
        rgba = bytes
    }

    /// Copies `picture` into cell `index`, centred; the part of a picture larger than its cell
    /// is left out.
    mutating func place(_ picture: GeneratedImage, at index: Int) {
        guard (0..<count).contains(index) else { return }
        let rowBytes = picture.width * 4
        guard picture.width > 0, picture.height > 0, picture.rgba.count >= rowBytes * picture.height else { return }
        let shown = (width: min(picture.width, cellWidth), height: min(picture.height, cellHeight))
        let x0 = gap + (index % columns) * (cellWidth + gap) + (cellWidth - shown.width) / 2
        let y0 = gap + (index / columns) * (cellHeight + gap) + (cellHeight - shown.height) / 2
        let sheetWidth = width
        rgba.withUnsafeMutableBufferPointer { target in
            picture.rgba.withUnsafeBufferPointer { source in
                guard let to = target.baseAddress, let from = source.baseAddress else { return }
                for row in 0..<shown.height {
                    (to + ((y0 + row) * sheetWidth + x0) * 4).update(
                        from: from + row * rowBytes, count: shown.width * 4)
                }
            }
        }
    }
}
