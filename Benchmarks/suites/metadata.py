"""Timed metadata (issue 13): dumping the GPS of a 1-hour GoPro-like file, ours against exiftool
and against gopro-dashboard-overlay's GPMF loading, on the same file.

The file is generated, never committed: the GoPro Max fixture's video, audio and gpmd tracks
stream-copied 343 times in a row with ffmpeg (`-stream_loop 342 … -c copy`): 1 h 0 min 5 s,
1.2 GB, 3,773 GPMF payloads holding 65,513 GPS5 samples plus the accelerometer, gyroscope and
other streams GoPro writes. Every tool decodes all the GPS:

- ours: `captions metadata dump hour.mp4 --csv` (and `--gpx`): box tables, every payload parsed,
  GPS5 scaled with its GPSU times, one line per sample;
- exiftool: `exiftool -ee -n hour.mp4`, its documented way to extract embedded GPS;
- gopro-dashboard-overlay (PyPI gopro-overlay): `GoproLoader.load`, the GPMF loading every one of
  its commands does first (ffmpeg extracts the data stream, then its Python GPMF parser).

The slow peers run fewer times (a "runs" key per case); the harness reports medians."""
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MAX = os.path.join(ROOT, "..", "shared", "fixtures", "media", "gopro-max-heromode.mp4")

GOPRO_OVERLAY = ("import sys; from pathlib import Path; from gopro_overlay.loading import GoproLoader; "
                 "from gopro_overlay.ffmpeg import FFMPEG; from gopro_overlay.ffmpeg_gopro import FFMPEGGoPro; "
                 "from gopro_overlay.units import units; "
                 "g = GoproLoader(FFMPEGGoPro(FFMPEG()), units).load(Path(sys.argv[1])); "
                 "print(len(g.framemeta))")


def hour_file(work):
    path = os.path.join(work, "gopro-hour.mp4")
    if not os.path.exists(path):
        subprocess.run(["ffmpeg", "-loglevel", "error", "-y", "-stream_loop", "342", "-i", MAX,
                        "-map", "0:0", "-map", "0:1", "-map", "0:3", "-c", "copy", "-tag:d:0", "gpmd",
                        path + ".tmp.mp4"], check=True)
        os.replace(path + ".tmp.mp4", path)
    return path


def cases(ctx):
    work = ctx.work
    if not ctx.have("ffmpeg"):
        return [{"label": "metadata", "ours": True, "argv": [], "skip": "ffmpeg not installed"}]
    hour = hour_file(work)
    have_overlay = ctx.python_has("gopro_overlay")
    return [
        {"label": "captions metadata dump hour.mp4 --csv", "group": "1h GoPro GPS", "ours": True,
         "argv": [ctx.captions, "metadata", "dump", hour, "--csv", "-o", f"{work}/hour.csv", "--force"]},
        {"label": "captions metadata dump hour.mp4 --gpx", "group": "1h GoPro GPS", "ours": True,
         "argv": [ctx.captions, "metadata", "dump", hour, "--gpx", "-o", f"{work}/hour.gpx", "--force"]},
        {"label": "exiftool -ee -n hour.mp4", "group": "1h GoPro GPS", "ours": False, "runs": 3,
         "argv": ["sh", "-c", 'exec exiftool -ee -n "$0" >/dev/null', hour],
         **({} if ctx.have("exiftool") else {"skip": "exiftool not installed (make test-deps)"})},
        {"label": "gopro-overlay GoproLoader.load(hour.mp4)", "group": "1h GoPro GPS", "ours": False, "runs": 1,
         "argv": [sys.executable, "-c", GOPRO_OVERLAY, hour],
         **({} if have_overlay else {"skip": "gopro-overlay not installed (pip install gopro-overlay)"})},
    ]
