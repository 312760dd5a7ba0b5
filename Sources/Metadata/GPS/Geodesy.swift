import CaptionCore
import Foundation

/// Distances and bearings on the WGS 84 sphere approximation (mean radius 6,371,008.8 m, IUGG),
/// good to about 0.5 % — enough for speeds, privacy zones and filters; not for surveying.
public enum Geodesy {
    public static let meanEarthRadius = 6_371_008.8

    /// Great-circle distance in metres (haversine formula).
    public static func distance(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let p1 = lat1 * .pi / 180
        let p2 = lat2 * .pi / 180
        let dp = p2 - p1
        let dl = (lon2 - lon1) * .pi / 180
        let a = sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2)
        return 2 * meanEarthRadius * asin(min(1, sqrt(a)))
    }

    /// Initial bearing from the first point to the second, degrees in [0, 360).
    public static func bearing(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let p1 = lat1 * .pi / 180
        let p2 = lat2 * .pi / 180
        let dl = (lon2 - lon1) * .pi / 180
        let y = sin(dl) * cos(p2)
        let x = cos(p1) * sin(p2) - sin(p1) * cos(p2) * cos(dl)
        let degrees = atan2(y, x) * 180 / .pi
        return degrees < 0 ? degrees + 360 : degrees
    }

    /// Fills in speed and course where a point lacks them, from the point before (or, for the
    /// first point, the one after): what a GPX track gets. Points with the same time, or
    /// without one, get none, and so do a point without a position (NaN coordinates: a FIT
    /// record before the GPS fix) and the one after it.
    public static func fillSpeedAndCourse(_ points: inout [TrackPoint]) {
        guard points.count > 1 else { return }
        for i in points.indices {
            let (a, b) = i > 0 ? (points[i - 1], points[i]) : (points[0], points[1])
            guard let ta = a.time, let tb = b.time, a.hasPosition, b.hasPosition else { continue }
            let seconds = (tb.sinceEpoch - ta.sinceEpoch).seconds
            guard seconds > 0 else { continue }
            if points[i].speed == nil {
                points[i].speed = distance(a.latitude, a.longitude, b.latitude, b.longitude) / seconds
                points[i].speedIsComputed = true
            }
            if points[i].course == nil, a.latitude != b.latitude || a.longitude != b.longitude {
                points[i].course = bearing(a.latitude, a.longitude, b.latitude, b.longitude)
                points[i].courseIsComputed = true
            }
        }
    }

    /// Fills in the course where a point lacks one with the bearing to the next point at least
    /// `minimumStep` metres away (a standing camera's jitter would spin a compass otherwise),
    /// or, past the last such move, the last course found: what GoPro GPS gets, which records no
    /// course.
    public static func fillCourseFromMovement(_ points: inout [TrackPoint], minimumStep: Double = 2) {
        var lastCourse: Double?
        for i in points.indices where points[i].course == nil {
            let a = points[i]
            var j = i + 1
            while j < points.count,
                distance(a.latitude, a.longitude, points[j].latitude, points[j].longitude) < minimumStep
            {
                j += 1
            }
            if j < points.count {
                lastCourse = bearing(a.latitude, a.longitude, points[j].latitude, points[j].longitude)
            }
            if let c = lastCourse {
                points[i].course = c
                points[i].courseIsComputed = true
            }
        }
    }
}
