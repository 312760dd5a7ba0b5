internal import CFFmpeg

extension UnsafeMutablePointer where Pointee == AVStream {
    /// The stream's codec parameters; libavformat always allocates them, but a missing one is
    /// an error here rather than a trap.
    func parameters(in path: String) throws -> UnsafeMutablePointer<AVCodecParameters> {
        guard let par = pointee.codecpar else {
            throw MediaFileError.ffmpeg(
                path: path, MediaError(code: captions_averror(EINVAL), operation: "reading track \(pointee.index)"))
        }
        return par
    }
}

extension OutputFormatContext {
    /// Output stream `index`.
    func stream(_ index: Int32, path: String) throws -> UnsafeMutablePointer<AVStream> {
        guard index >= 0, index < Int32(pointer.pointee.nb_streams), let st = pointer.pointee.streams[Int(index)] else {
            throw MediaFileError.ffmpeg(
                path: path, MediaError(code: captions_averror(EINVAL), operation: "finding output track \(index)"))
        }
        return st
    }
}
