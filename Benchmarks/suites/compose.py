"""Compositions, side by side with ffmpeg in one run, x264 veryfast crf 23 for both: three
generated 20 s 1080p30 clips (testsrc2, a different sine each, AAC) stitched into one movie with
a 1 s cross-fade between the first two and a cut before the third.

- ours: `captions compose comp.json` (the clips on A/B tracks, the fade drawn by the layer
  compositor, the sound cross-faded by the audio mix);
- ffmpeg: the equivalent filter graph, `xfade=transition=fade:duration=1:offset=19` on the first
  two pictures then `concat` with the third, `acrossfade=d=1` then `concat` for the sound, same
  encoder settings (goal: ours ≤ 1.05 ×).

Both outputs last 59 s (20 + 20 − 1 + 20) at 30 fps, 1920x1080, AAC."""
import json
import os
import subprocess



def _media_binary(ctx):
    path = os.path.join(os.path.dirname(ctx.captions), "captions-media")
    if not os.path.exists(path):
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "captions-media"],
                       cwd=root, check=True)
    return path


def _clip(ctx, name, frequency):
    path = os.path.join(ctx.work, f"compose-{name}-1080p30-20s.mp4")
    if not os.path.exists(path):
        subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y",
                        "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30:duration=20",
                        "-f", "lavfi", "-i", f"sine=frequency={frequency}:sample_rate=48000:duration=20",
                        "-c:v", "libx264", "-preset", "veryfast", "-crf", "18", "-pix_fmt", "yuv420p",
                        "-c:a", "aac", "-shortest", path], check=True)
    return path


def cases(ctx):
    if not ctx.have("ffmpeg"):
        return [{"label": "compose", "argv": [], "ours": True, "skip": "ffmpeg not installed"}]
    _media_binary(ctx)
    a, b, c = _clip(ctx, "a", 330), _clip(ctx, "b", 440), _clip(ctx, "c", 550)
    comp = os.path.join(ctx.work, "compose-bench.json")
    with open(comp, "w") as f:
        json.dump({"renderSize": "1920x1080", "frameRate": "30", "clips": [
            {"source": a},
            {"source": b, "transition": {"type": "crossfade", "duration": "1"}},
            {"source": c}]}, f, indent=2)
    out = lambda name: os.path.join(ctx.work, name)
    x264 = ["-c:v", "libx264", "-preset", "veryfast", "-crf", "23"]
    graph = ("[0:v][1:v]xfade=transition=fade:duration=1:offset=19,format=yuv420p[ab];"
             "[ab][2:v]concat=n=2:v=1:a=0[v];"
             "[0:a][1:a]acrossfade=d=1[aab];[aab][2:a]concat=n=2:v=0:a=1[a]")
    return [
        {"label": "ffmpeg xfade + concat, x264 veryfast crf 23, AAC",
         "argv": ["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", a, "-i", b, "-i", c,
                  "-filter_complex", graph, "-map", "[v]", "-map", "[a]", *x264, "-c:a", "aac",
                  out("compose-ffmpeg.mp4")],
         "ours": False, "group": "compose"},
        {"label": "captions compose (3 clips, one 1 s cross-fade), same settings",
         "argv": [ctx.captions, "compose", comp, "-o", out("compose-ours.mp4"), "--preset", "veryfast",
                  "--crf", "23", "--force", "--progress", "none"],
         "ours": True, "group": "compose"},
    ]
