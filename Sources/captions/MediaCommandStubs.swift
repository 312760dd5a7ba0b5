import CaptionsCLI

// The media commands live in `captions-media`; these rows only list them in `captions --help`,
// with the summaries of the one table, `MediaCommand`.

enum MediaInfoRow: MediaCommandRow { static let command = MediaCommand.mediaInfo }
enum PreviewRow: MediaCommandRow { static let command = MediaCommand.preview }
enum ExportRow: MediaCommandRow { static let command = MediaCommand.export }
enum BurnRow: MediaCommandRow { static let command = MediaCommand.burn }
enum FrameRow: MediaCommandRow { static let command = MediaCommand.frame }
enum ThumbnailsRow: MediaCommandRow { static let command = MediaCommand.thumbnails }
enum ComposeRow: MediaCommandRow { static let command = MediaCommand.compose }
enum ReviewRow: MediaCommandRow { static let command = MediaCommand.review }
