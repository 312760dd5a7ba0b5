"""Frames of a movie (issue 15, ImageGenerator of an asset): 100 pictures spread over a 10-minute 1080p
H.264 file, ours in one process against 100 separate ffmpeg runs, side by side on the same file:

- ours: `captions thumbnails long.mp4 --every 6 --width 320 -o sheet.png` (100 exact pictures,
  one pass: each GOP decoded at most once, a seek only when the next time's key frame lies past
  what has been decoded; the sheet assembled and written as one PNG);
- ffmpeg: `ffmpeg -ss T -i long.mp4 -frames:v 1 -vf scale=320:-2 out.png` for the same 100 times,
  one process each (exact seeking: it decodes from the key frame before T), run by one `sh`.

The file is generated, never committed: a 60 s 1080p 29.97 fps testsrc2 clip (x264 ultrafast,
its default key frame interval of 250) stream-copied ten times in a row (`-stream_loop 9`)."""
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
    long_mp4 = os.path.join(ctx.work, "frames-10min-1080p.mp4")
    if os.path.exists(long_mp4):
        return long_mp4
    clip = os.path.join(ctx.work, "frames-1080p-60s.mp4")
    if not os.path.exists(clip):
        subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi",
                        "-i", "testsrc2=size=1920x1080:rate=30000/1001:duration=60",
                        "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", clip], check=True)
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-stream_loop", "9", "-i", clip,
                    "-c", "copy", long_mp4 + ".tmp.mp4"], check=True)
    os.replace(long_mp4 + ".tmp.mp4", long_mp4)
    return long_mp4


def cases(ctx):
    if not ctx.have("ffmpeg"):
        return [{"label": "frames", "ours": True, "argv": [], "skip": "ffmpeg not installed"}]
    _media_binary(ctx)
    movie = _long_movie(ctx)
    out = lambda name: os.path.join(ctx.work, name)
    times = " ".join(str(6 * i) for i in range(100))
    peer = (f"for t in {times}; do ffmpeg -nostdin -v error -y -ss $t -i '{movie}' -frames:v 1 "
            f"-vf scale=320:-2 '{out('frames-ffmpeg')}'-$t.png || exit 1; done")
    return [
        {"label": "captions thumbnails long.mp4 --every 6 (100 pictures)", "group": "100 frames of 10 min 1080p",
         "ours": True, "runs": 3,
         "argv": [ctx.captions, "thumbnails", movie, "--every", "6", "--width", "320", "--columns", "10",
                  "-o", out("frames-sheet.png"), "--force"]},
        {"label": "100 × ffmpeg -ss T -i long.mp4 -frames:v 1", "group": "100 frames of 10 min 1080p",
         "ours": False, "runs": 3, "argv": ["sh", "-c", peer]},
    ]
