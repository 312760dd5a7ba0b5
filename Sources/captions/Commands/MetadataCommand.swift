import ArgumentParser
import CaptionKit
import CaptionsCLI
import FileSafety
import Foundation
import ISOBMFF
import Metadata

/// `captions metadata add|dump`: timed-metadata tracks (QuickTime mebx, GoPro GPMF) in movies,
/// from and of GPX and FIT files.
struct MetadataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metadata", abstract: "Add GPS tracks to movies as timed metadata, or dump a movie's metadata.",
        subcommands: [MetadataAddCommand.self, MetadataDumpCommand.self])
}

/// `captions metadata add MOVIE GPX|FIT -o OUT`.
struct MetadataAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Write a GPX or FIT track into a copy of a movie as timed-metadata tracks.",
        discussion: "The audio and video are copied byte for byte; the new tracks describe the video "
            + "(tref cdsc). --form mebx writes QuickTime timed metadata as AVFoundation does; --form gpmf "
            + "a GoPro GPMF track (GPS5 and GPS9, one payload a second); both by default. Points are "
            + "placed at movie time = GPS time - sync anchor + offset. A FIT file (Garmin, Wahoo, Hammerhead, "
            + "COROS…) is told from GPX by its header; its records without a position but with sensor values "
            + "(an indoor ride, before the fix) go into the mebx track only, as GPMF's GPS5 holds positions. See "
            + "Specs/timed-metadata.md.")

    @Argument(help: "The movie (MP4 or MOV).")
    var movie: String

    @Argument(help: "The GPX (1.0 or 1.1) or FIT file.")
    var gpx: String

    @Option(name: .shortAndLong, help: "The output movie.")
    var output: String

    @Option(help: "mebx, gpmf or both.")
    var form = "both"

    @OptionGroup var syncing: RideSyncOptions

    @Option(help: "Seconds added to every point's movie time, e.g. 2.5s or -1.")
    var offset: String?

    @OptionGroup var filtering: GPSFilterOptions

    @Flag(help: "Replace the output if it exists.")
    var force = false

    /// Every option's value checked before any file is read.
    func validate() throws { _ = try options() }

    func options() throws(ValidationError) -> GPSMetadataAdder.Options {
        var o = GPSMetadataAdder.Options()
        switch form {
        case "both": o.forms = [.mebx, .gpmf]
        case "mebx": o.forms = [.mebx]
        case "gpmf", "gpmd": o.forms = [.gpmf]
        default: throw ValidationError("--form \(form): expected mebx, gpmf or both")
        }
        (o.sync, o.cameraTimeZone) = try syncing.choice()
        if let offset { o.offset = try TimeArgument.seconds(offset, option: "--offset") }
        o.filter = try filtering.filter()
        return o
    }

    func run() throws {
        let options = try options()
        let movieMetadata = try MovieMetadata(path: movie)
        let bytes = try InputFile.read(gpx, limit: RideFile.maximumBytes, what: "GPX or FIT file")
        let ride = try RideFile.read(bytes, fileName: gpx)
        let adder = GPSMetadataAdder(movie: movieMetadata, options: options)
        let (tracks, summary) = try adder.prepare(ride, fileName: gpx)
        // Only now, with everything checked, does the output exist (as a hidden temporary
        // file until commit).
        let out = try OutputFile(output, overwrite: force)
        try adder.write(tracks) { (piece: [UInt8]) throws(ISOBMFFError) in
            do throws(FileSafetyError) { try out.write(piece) } catch {
                throw ISOBMFFError(.io, error.message, path: output)
            }
        }
        try out.commit()
        try Exit.report(summary.diagnostics)
        let forms = summary.forms.map(\.rawValue).joined(separator: " and ")
        Console.error(
            "captions: \(summary.pointsWritten) of \(summary.pointsRead) points written as \(forms) "
                + "(track \(summary.trackIDs.map(String.init).joined(separator: ", "))) to \(output)")
    }
}

/// `captions metadata dump MOVIE|GPX|FIT [--json | --gpx | --csv]`.
struct MetadataDumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print a movie's timed metadata (mebx groups, GoPro GPS and sensor streams), or a GPX or FIT file's.",
        discussion: "Text by default: each metadata track with its keys or streams and rates, then its "
            + "values. --json for machines; --gpx and --csv give one track's GPS points (the first mebx "
            + "track, else the first GoPro track, or --track ID). A GPX or FIT file (told by its first "
            + "bytes) prints what it holds: a FIT's devices, sessions, laps and pauses, every sensor stream "
            + "with its count, then every point; --csv every point, --gpx those with a position.")

    @Argument(help: "The movie (MP4 or MOV), or a GPX or FIT file.")
    var movie: String

    @Flag(help: "Print JSON.")
    var json = false

    @Flag(help: "Print the GPS points as GPX 1.1.")
    var gpx = false

    @Flag(help: "Print the GPS points as CSV.")
    var csv = false

    @Option(help: "The metadata track to use for --gpx and --csv.")
    var track: UInt32?

    @Flag(
        name: .customLong("sync-report"),
        help: "Print the movie's clocks (creation time, GPS time), the one each --sync takes and movie time 0 by it.")
    var syncReport = false

    @Option(help: "With --sync-report: a GPX or FIT file, to say where the movie falls in it.")
    var ride: String?

    @Option(
        name: .customLong("camera-tz"),
        help: "With --sync-report: the time zone the camera's clock was set to (Europe/Paris, +02:00).")
    var cameraTZ: String?

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    @Flag(help: "Replace the output if it exists.")
    var force = false

    func validate() throws {
        guard [json, gpx, csv, syncReport].filter({ $0 }).count <= 1 else {
            throw ValidationError("choose one of --json, --gpx, --csv and --sync-report")
        }
        if !syncReport, ride != nil || cameraTZ != nil {
            throw ValidationError("--ride and --camera-tz go with --sync-report")
        }
        if let cameraTZ, CameraTimeZone(cameraTZ) == nil {
            throw ValidationError(
                "--camera-tz \(cameraTZ): expected a time zone name such as Europe/Paris, or an offset such as +02:00")
        }
    }

    func run() throws {
        let text: String
        if let ride = try rideFile() {
            guard !syncReport else {
                throw ValidationError("--sync-report reads a movie's clocks, not a GPX or FIT file's")
            }
            guard track == nil else { throw ValidationError("--track goes with a movie, not a GPX or FIT file") }
            let dump = RideDump(ride: ride)
            text = json ? try dump.json() : gpx ? dump.gpx() : csv ? dump.csv() : dump.text()
            try write(text)
            // Text and JSON hold the findings; with CSV and GPX they go to standard error.
            try Exit.report(ride.diagnostics, file: movie, quiet: !(gpx || csv))
            return
        }
        if syncReport {
            var report = SyncReport(
                movie: try MovieMetadata(path: movie), cameraTimeZone: cameraTZ.flatMap(CameraTimeZone.init))
            if let ride {
                let bytes = try InputFile.read(ride, limit: RideFile.maximumBytes, what: "GPX or FIT file")
                let file = try RideFile.read(bytes, fileName: ride)
                report.ride = (ride, try file.timedTrackPoints(file: ride, keepingPositionless: true).points)
            }
            let (text, findings) = report.text()
            try write(CommandLineWords.said(text))
            try Exit.report(findings, file: movie)
            return
        }
        guard ride == nil else { throw ValidationError("--ride goes with --sync-report") }
        let dump = MetadataDump(metadata: try MovieMetadata(path: movie))
        if json {
            text = try dump.json()
        } else if gpx {
            text = try dump.gpx(trackID: track)
        } else if csv {
            text = try dump.csv(trackID: track)
        } else {
            text = try dump.text()
        }
        try write(text)
    }

    /// The GPX or FIT file given instead of a movie, read; nil for anything else (a movie).
    func rideFile() throws -> RideFile? {
        try InputFile.checkReadable(movie)
        guard let handle = FileHandle(forReadingAtPath: movie) else { return nil }
        let head = (try? handle.read(upToCount: 64)) ?? Data()
        try? handle.close()
        guard RideFile.sniff(Array(head)) else { return nil }
        let bytes = try InputFile.read(movie, limit: RideFile.maximumBytes, what: "GPX or FIT file")
        return try RideFile.read(bytes, fileName: movie)
    }

    func write(_ text: String) throws {
        if let output {
            try FileIO.writeAtomically(Array(text.utf8), to: output, overwrite: force)
        } else {
            Console.out(String(text.dropLast(text.hasSuffix("\n") ? 1 : 0)))
        }
    }
}
