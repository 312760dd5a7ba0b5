"""Captions inside movies (issue 12): extracting the CEA-608 captions of a 10-minute 1080p H.264
file whose every picture carries A/53 `cc_data` in its SEI, ours against FFmpeg's own path, side
by side on the same file:

- ours: `captions convert long.mp4 out.srt` (the MP4 box reader fetches only the NAL units before
  each picture's first slice, decodes nothing) and `--as-transmitted` SCC; the same movie as an
  MPEG transport stream through `captions-media` (libavformat demuxes, each packet is scanned up
  to its first slice);
- FFmpeg: `ffmpeg -f lavfi -i "movie=long.mp4[out0+subcc]" -map 0:1 out.srt`, the path the issue
  names: it decodes every picture to get the A/53 side data its 608 decoder reads. ccextractor,
  the other usual peer, is not packaged for Debian 12 (no apt candidate), so it is not run.

The file is generated, never committed: a 60 s 1080p 29.97 fps testsrc2 clip (x264 ultrafast)
exported by `captions export --captions feature.scc --embed sei` (a generated one-minute
feature: a caption every 2–4 s), then stream-copied ten times in a row (`-stream_loop 9 -c copy`):
10 min, 18,000 pictures, each with a GA94 SEI. FFmpeg runs once (it takes minutes); ours three
times or as --runs says."""
import os
import subprocess


def _media_binary(ctx):
    path = os.path.join(os.path.dirname(ctx.captions), "captions-media")
    if not os.path.exists(path):
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "captions-media"],
                       cwd=root, check=True)
    return path


def _long_movie(ctx):
    work = ctx.work
    long_mp4 = os.path.join(work, "tracks-a53-10min-1080p.mp4")
    long_ts = os.path.join(work, "tracks-a53-10min-1080p.ts")
    if os.path.exists(long_mp4) and os.path.exists(long_ts):
        return long_mp4, long_ts
    clip = os.path.join(work, "tracks-1080p-60s.mp4")
    if not os.path.exists(clip):
        subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi",
                        "-i", "testsrc2=size=1920x1080:rate=30000/1001:duration=60",
                        "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", clip], check=True)
    scc = ctx.feature(minutes=1, fmt="scc")
    minute = os.path.join(work, "tracks-a53-60s.mp4")
    if not os.path.exists(minute):
        subprocess.run([ctx.captions, "export", clip, "-o", minute, "--captions", scc, "--embed", "sei",
                        "--preset", "ultrafast", "--progress", "none", "--force"], check=True)
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-stream_loop", "9", "-i", minute,
                    "-c", "copy", long_mp4 + ".tmp.mp4"], check=True)
    os.replace(long_mp4 + ".tmp.mp4", long_mp4)
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", long_mp4, "-c", "copy", "-f", "mpegts",
                    long_ts + ".tmp"], check=True)
    os.replace(long_ts + ".tmp", long_ts)
    return long_mp4, long_ts


def cases(ctx):
    if not ctx.have("ffmpeg"):
        return [{"label": "tracks", "ours": True, "argv": [], "skip": "ffmpeg not installed"}]
    _media_binary(ctx)
    mp4, ts = _long_movie(ctx)
    out = lambda name: os.path.join(ctx.work, name)
    subcc = lambda movie, name: ["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi",
                                 "-i", f"movie={movie}[out0+subcc]", "-map", "0:1", out(name)]
    return [
        {"label": "captions convert long.mp4 out.srt", "group": "10 min 1080p MP4", "ours": True, "runs": 3,
         "argv": [ctx.captions, "convert", mp4, out("tracks-ours.srt"), "--force"]},
        {"label": "captions convert long.mp4 raw.scc --as-transmitted", "group": "10 min 1080p MP4", "ours": True,
         "runs": 3, "argv": [ctx.captions, "convert", mp4, out("tracks-raw.scc"), "--as-transmitted", "--force"]},
        {"label": "ffmpeg movie=long.mp4[out0+subcc] → srt", "group": "10 min 1080p MP4", "ours": False, "runs": 1,
         "argv": subcc(mp4, "tracks-ffmpeg.srt")},
        {"label": "captions convert long.ts out.srt (libavformat demux)", "group": "10 min 1080p TS", "ours": True,
         "runs": 3, "argv": [ctx.captions, "convert", ts, out("tracks-ours-ts.srt"), "--force"]},
        {"label": "ffmpeg movie=long.ts[out0+subcc] → srt", "group": "10 min 1080p TS", "ours": False, "runs": 1,
         "argv": subcc(ts, "tracks-ffmpeg-ts.srt")},
    ]
