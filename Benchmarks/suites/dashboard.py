"""The GPS dashboard (issue 14), side by side in one run, x264 veryfast crf 23 for all:

- [1080p dashboard]: `captions export --overlay gps` (the default layout, every widget) of the
  media suite's 60 s 1080p30 clip with a generated 10 Hz GPX synced to it, against the plain
  `ffmpeg -c:v libx264 -preset veryfast -crf 23 -c:a copy` transcode (goal ≤ 1.05 ×);
- [gopro ×6]: the GoPro Max fixture joined six times (63 s, 848×480, its GPMF track kept) with
  our dashboard from its own GPMF track, against the plain ffmpeg transcode and against
  gopro-dashboard-overlay (PyPI gopro-overlay) with a comparable widget set and no map tiles
  (Benchmarks/suites/dashboard-gopro-overlay.xml: date and time, GPS lock, position, speed,
  altitude, gradient, distance, heart rate, cadence, temperature, compass, altitude chart and a
  journey map drawn from the track), its x264 settings given as an ffmpeg profile;
- [gopro x6 overlay only] (issue 40): the same dashboard written alone with alpha
  (`--overlay-only`, ProRes 4444) against gopro-dashboard-overlay's `--generate overlay` with an
  ffmpeg profile writing ProRes 4444 with alpha too (its default overlay output is H.264 4:4:4
  without alpha);
- [fit] (issue 40): a 6.5-hour Wahoo ELEMNT ride (../shared/fixtures/fit, python-fitparse's sample)
  over the 60 s 1080p clip placed ten minutes into the ride, our `--fit --sync creation-time`
  against gopro-dashboard-overlay's `--fit --use-fit-only --video-time-start file-modified`
  (the clip's creation time and its file time both set to that instant), x264 veryfast crf 23.

Whether each output kept the gpmd track is printed after the runs (ffprobe). CPU time is the
harness's user+sys of the child (`/usr/bin/time`), printed by `python3 Benchmarks/run` as peak
memory only, so this suite prints it itself for one extra run of each case."""
import json
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MAX = os.path.join(ROOT, "..", "shared", "fixtures", "media", "gopro-max-heromode.mp4")
X264 = ["-c:v", "libx264", "-preset", "veryfast", "-crf", "23"]
# gopro-dashboard-overlay's default font (Roboto) is not installed; the same DejaVu Sans Bold
# our tests draw with.
FONT = os.path.join(ROOT, "Fixtures", "render", "fonts", "DejaVuSans-Bold.ttf")


def _clip(work, seconds=60):
    """The media suite's clip (same name, so one copy serves both)."""
    path = os.path.join(work, f"media-1080p30-{seconds}s.mp4")
    if not os.path.exists(path):
        subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y",
                        "-f", "lavfi", "-i", f"testsrc2=size=1920x1080:rate=30:duration={seconds}",
                        "-f", "lavfi", "-i", f"sine=frequency=440:sample_rate=48000:duration={seconds}",
                        "-c:v", "libx264", "-preset", "veryfast", "-crf", "18", "-pix_fmt", "yuv420p",
                        "-c:a", "aac", "-shortest", path], check=True)
    return path


def _gpx(work, seconds=60, rate=10):
    """A ride at `rate` Hz: a lap of a 400 m circle with hills, heart rate, cadence, power and
    temperature in Garmin's TrackPointExtension v2."""
    path = os.path.join(work, f"dashboard-ride-{seconds}s.gpx")
    if os.path.exists(path):
        return path
    import math
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<gpx version="1.1" creator="captions benchmark" xmlns="http://www.topografix.com/GPX/1/1" '
             'xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2"><trk><trkseg>']
    for i in range(seconds * rate + 1):
        t = i / rate
        a = 2 * math.pi * t / seconds
        lat = 45.0 + 0.0018 * math.sin(a)
        lon = 6.0 + 0.0025 * (1 - math.cos(a))
        ele = 500 + 12 * math.sin(3 * a)
        ms = int(round(t * 1000))
        stamp = f"2020-01-01T00:{ms // 60000:02}:{ms // 1000 % 60:02}.{ms % 1000:03}Z"
        lines.append(f'<trkpt lat="{lat:.7f}" lon="{lon:.7f}"><ele>{ele:.2f}</ele><time>{stamp}</time>'
                     f'<extensions><gpxtpx:TrackPointExtension><gpxtpx:atemp>{18 + t / 30:.1f}</gpxtpx:atemp>'
                     f'<gpxtpx:hr>{120 + int(20 * math.sin(a))}</gpxtpx:hr><gpxtpx:cad>{85 + i % 7}</gpxtpx:cad>'
                     f'<gpxtpx:power>{200 + i % 50}</gpxtpx:power></gpxtpx:TrackPointExtension></extensions></trkpt>')
    lines.append("</trkseg></trk></gpx>")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path


def _gopro_x6(work):
    """The Max fixture six times over (stream copy of video, audio and GPMF)."""
    path = os.path.join(work, "gopro-max-x6.mp4")
    if not os.path.exists(path):
        subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-stream_loop", "5", "-i", MAX,
                        "-map", "0:0", "-map", "0:1", "-map", "0:3", "-c", "copy", "-tag:d:0", "gpmd",
                        path + ".tmp.mp4"], check=True)
        os.replace(path + ".tmp.mp4", path)
    return path


FIT = os.path.join(ROOT, "..", "shared", "fixtures", "fit", "python-fitparse__2019-02-17-062644-ELEMNT-297E-195-0.fit")


def _fit_clip(work, clip):
    """The 60 s clip, stream-copied, with its creation time and file time ten minutes after the
    FIT ride's first record with a position (read by fitdecode; the ELEMNT logged 44 minutes
    without a fix first)."""
    path = os.path.join(work, "dashboard-fit-clip.mp4")
    import datetime
    import fitdecode
    with fitdecode.FitReader(FIT) as fit:
        first = next(frame.get_value("timestamp") for frame in fit
                     if isinstance(frame, fitdecode.FitDataMessage) and frame.name == "record"
                     and frame.has_field("timestamp") and frame.has_field("position_lat")
                     and frame.get_value("position_lat") is not None)
    start = first.astimezone(datetime.timezone.utc) + datetime.timedelta(minutes=10)
    stamp = start.strftime("%Y-%m-%dT%H:%M:%S.000000Z")
    if not os.path.exists(path):
        subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", clip, "-c", "copy",
                        "-metadata", f"creation_time={stamp}", path + ".tmp.mp4"], check=True)
        os.replace(path + ".tmp.mp4", path)
    os.utime(path, (start.timestamp(), start.timestamp()))
    return path


def _gopro_overlay_config(work):
    """gopro-dashboard-overlay's config folder with an ffmpeg profile of our x264 settings."""
    folder = os.path.join(work, "gopro-overlay-config")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "ffmpeg-profiles.json"), "w") as f:
        # "overlay-prores": its overlay movie with alpha, as ours (ProRes 4444 in MOV); its
        # default overlay output is H.264 4:4:4 without alpha, which no editor can lay over.
        json.dump({"bench": {"input": [], "output": ["-vcodec", "libx264", "-preset", "veryfast", "-crf", "23"]},
                   "overlay-prores": {"input": [], "output": ["-vcodec", "prores_ks", "-profile:v", "4444",
                                                              "-pix_fmt", "yuva444p10le"]}}, f)
    return folder


def _keeps_gpmd(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "stream=codec_tag_string", "-of", "csv=p=0",
                          path], capture_output=True, text=True).stdout
    return "gpmd" in out.split()


def written_file(argv):
    return argv[argv.index("-o") + 1] if "-o" in argv[:-1] else argv[-1]


def cases(ctx):
    if not ctx.have("ffmpeg"):
        return [{"label": "dashboard", "argv": [], "ours": True, "skip": "ffmpeg not installed"}]
    work = ctx.work
    media = os.path.join(os.path.dirname(ctx.captions), "captions-media")
    clip, gpx, x6 = _clip(work), _gpx(work), _gopro_x6(work)
    fit_clip = _fit_clip(work, clip)
    out = lambda name: os.path.join(work, name)
    ours = ["--preset", "veryfast", "--crf", "23", "--force", "--progress", "none"]
    have_overlay = ctx.have("gopro-dashboard.py")
    layout = os.path.join(ROOT, "Benchmarks", "suites", "dashboard-gopro-overlay.xml")
    cases = [
        {"label": "ffmpeg 60s 1080p30 → x264 veryfast crf 23, audio copy",
         "argv": ["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", clip, *X264, "-c:a", "copy",
                  out("dashboard-ffmpeg-1080p.mp4")], "ours": False, "group": "1080p dashboard"},
        {"label": "captions export --overlay gps --gpx (default layout)",
         "argv": [media, "export", clip, "-o", out("dashboard-ours-1080p.mp4"), "--overlay", "gps", "--gpx", gpx,
                  "--sync", "start", *ours], "ours": True, "group": "1080p dashboard"},
        {"label": "ffmpeg GoPro ×6 848×480 → x264 veryfast crf 23",
         "argv": ["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", x6, *X264, "-c:a", "copy",
                  out("dashboard-ffmpeg-x6.mp4")], "ours": False, "group": "gopro x6"},
        {"label": "gopro-dashboard-overlay, comparable widgets",
         "argv": ["gopro-dashboard.py", "--font", FONT, "--config-dir", _gopro_overlay_config(work), "--profile", "bench",
                  "--overlay-size", "848x480", "--layout", "xml", "--layout-xml", layout, x6,
                  out("dashboard-gopro-overlay-x6.mp4")],
         "ours": False, "group": "gopro x6",
         **({} if have_overlay else {"skip": "gopro-overlay not installed (scripts/install-deps.sh --bench)"})},
        {"label": "captions export --overlay gps (GPMF), GoPro ×6",
         "argv": [media, "export", x6, "-o", out("dashboard-ours-x6.mp4"), "--overlay", "gps", *ours],
         "ours": True, "group": "gopro x6"},
        {"label": "gopro-dashboard-overlay --generate overlay, ProRes 4444, comparable widgets",
         "argv": ["gopro-dashboard.py", "--font", FONT, "--config-dir", _gopro_overlay_config(work),
                  "--profile", "overlay-prores", "--generate", "overlay", "--overlay-size", "848x480", "--layout", "xml", "--layout-xml", layout, x6,
                  out("dashboard-gopro-overlay-x6-overlay.mov")],
         "ours": False, "group": "gopro x6 overlay only",
         **({} if have_overlay else {"skip": "gopro-overlay not installed (scripts/install-deps.sh --bench)"})},
        {"label": "captions export --overlay gps --overlay-only (ProRes 4444), GoPro ×6",
         "argv": [media, "export", x6, "-o", out("dashboard-ours-x6-overlay.mov"), "--overlay", "gps",
                  "--overlay-only", "--force", "--progress", "none"],
         "ours": True, "group": "gopro x6 overlay only"},
        {"label": "gopro-dashboard-overlay --fit --use-fit-only, comparable widgets",
         "argv": ["gopro-dashboard.py", "--font", FONT, "--config-dir", _gopro_overlay_config(work), "--profile", "bench",
                  "--fit", FIT, "--use-fit-only", "--video-time-start", "file-modified",
                  "--overlay-size", "1920x1080", "--layout", "xml", "--layout-xml", layout, fit_clip,
                  out("dashboard-gopro-overlay-fit.mp4")],
         "ours": False, "group": "fit",
         **({} if have_overlay else {"skip": "gopro-overlay not installed (scripts/install-deps.sh --bench)"})},
        {"label": "captions export --overlay gps --fit --sync creation-time",
         "argv": [media, "export", fit_clip, "-o", out("dashboard-ours-fit.mp4"), "--overlay", "gps", "--fit", FIT,
                  "--sync", "creation-time", *ours],
         "ours": True, "group": "fit"},
    ]
    # DASHBOARD_GROUPS="fit,gopro x6 overlay only" runs those groups alone.
    only = [g.strip() for g in os.environ.get("DASHBOARD_GROUPS", "").split(",") if g.strip()]
    if only:
        cases = [c for c in cases if c.get("group") in only]
    # Every run must leave its movie behind: a failed run (a peer that exits 1) is never timed.
    for case in cases:
        if case["argv"]:
            case["output"] = written_file(case["argv"])
    return cases


def report(ctx):
    """After the runs: which outputs kept the GPMF track."""
    for name in ("dashboard-ours-x6.mp4", "dashboard-gopro-overlay-x6.mp4", "dashboard-ffmpeg-x6.mp4"):
        path = os.path.join(ctx.work, name)
        if os.path.exists(path):
            print(f"gpmd track kept in {name}: {'yes' if _keeps_gpmd(path) else 'no'}")
