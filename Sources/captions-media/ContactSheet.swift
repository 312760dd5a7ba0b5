import CaptionsCLI
import Media

/// Pictures laid out in a grid on black: left to right, top to bottom, each cell as wide as
/// the widest picture and as tall as the tallest, pictures centred in their cells. Assembled
/// here from RGBA rows (a copy per row; no library does this simpler).
struct ContactSheet {
    let width: Int
    let height: Int
    let rgba: [UInt8]

    init(pictures: [GeneratedImage], columns: Int, tileWidth: Int, gap: Int) throws {
        guard !pictures.isEmpty else { throw Exit.Failure("no pictures to put on a contact sheet") }
        let cellWidth = max(tileWidth, pictures.map(\.width).max() ?? tileWidth)
        let cellHeight = pictures.map(\.height).max() ?? 1
        let columnCount = min(columns, pictures.count)
        let rows = (pictures.count + columnCount - 1) / columnCount
        width = gap + columnCount * (cellWidth + gap)
        height = gap + rows * (cellHeight + gap)
        guard width <= 16384, height <= 16384 else {
            throw Exit.Failure(
                "the contact sheet would be \(width)x\(height) pixels, more than 16384 a side; "
                    + "use a longer --every, more --columns or a smaller --width")
        }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<bytes.count / 4 { bytes[i * 4 + 3] = 255 }
        for (index, picture) in pictures.enumerated() {
            let x0 = gap + (index % columnCount) * (cellWidth + gap) + (cellWidth - picture.width) / 2
            let y0 = gap + (index / columnCount) * (cellHeight + gap) + (cellHeight - picture.height) / 2
            let rowBytes = picture.width * 4
            guard picture.rgba.count >= rowBytes * picture.height else { continue }
            for row in 0..<picture.height {
                let source = row * rowBytes
                let target = ((y0 + row) * width + x0) * 4
                bytes.replaceSubrange(target..<target + rowBytes, with: picture.rgba[source..<source + rowBytes])
            }
        }
        rgba = bytes
    }
}
