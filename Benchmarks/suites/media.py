"""The media pipeline, side by side with ffmpeg in one run, x264 veryfast crf 23 for all, on a
generated 60 s 1080p30 clip (testsrc2 + a 440 Hz sine in AAC) with a two-line caption that
changes every 2 s (30 captions; JSON for us, the same text and times as SRT for libass):

- plain export: `captions export` vs `ffmpeg -c:v libx264 -preset veryfast -crf 23 -c:a copy`
  (goal ≤ 1.01 ×);
- burn-in: `captions burn` vs that plain transcode (goal ≤ 1.02 ×) and vs ffmpeg with
  `-vf subtitles=` (libass) on the same captions (goal ≤ 0.97 ×);
- memory: the peak resident memory of exporting a 10-minute clip against the 60 s one (goal
  within 10 %); both at x264 ultrafast so that the 10-minute run takes minutes, not an hour
  (the encoder's settings do not change with the length, only the pipeline's queues could).

The ratios to quote are the `[1080p]` and `[memory]` lines. Wall time on a shared machine is
noisy: the harness takes the median of its runs."""
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


def _clip(ctx, seconds, preset="veryfast"):
    path = os.path.join(ctx.work, f"media-1080p30-{seconds}s.mp4")
    if not os.path.exists(path):
        subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y",
                        "-f", "lavfi", "-i", f"testsrc2=size=1920x1080:rate=30:duration={seconds}",
                        "-f", "lavfi", "-i", f"sine=frequency=440:sample_rate=48000:duration={seconds}",
                        "-c:v", "libx264", "-preset", preset, "-crf", "18", "-pix_fmt", "yuv420p",
                        "-c:a", "aac", "-shortest", path], check=True)
    return path


def _srt_time(seconds):
    ms = int(round(seconds * 1000))
    return f"{ms // 3600000:02}:{ms // 60000 % 60:02}:{ms // 1000 % 60:02},{ms % 1000:03}"


def _captions(ctx, seconds=60, every=2):
    """A two-line caption changing every `every` seconds: JSON (ours) and SRT (libass)."""
    base = os.path.join(ctx.work, f"media-captions-{seconds}s")
    if not os.path.exists(base + ".json"):
        captions, cues = [], []
        for i in range(seconds // every):
            start, end = i * every, (i + 1) * every
            text = f"Caption number {i + 1} of the benchmark\nits second line changes too ({i * 7 % 100})"
            captions.append({"startTime": f"{start}/1", "endTime": f"{end}/1", "text": text})
            cues.append(f"{i + 1}\n{_srt_time(start)} --> {_srt_time(end)}\n{text}\n")
        with open(base + ".json", "w") as f:
            json.dump({"format": "captions-json", "version": 1, "captions": captions}, f, indent=2)
        with open(base + ".srt", "w") as f:
            f.write("\n".join(cues))
    return base + ".json", base + ".srt"


def written_file(argv):
    return argv[argv.index("-o") + 1] if "-o" in argv[:-1] else argv[-1]


def cases(ctx):
    if not ctx.have("ffmpeg"):
        return [{"label": "media", "argv": [], "ours": True, "skip": "ffmpeg not installed"}]
    _media_binary(ctx)
    clip = _clip(ctx, 60)
    json_caps, srt_caps = _captions(ctx)
    out = lambda name: os.path.join(ctx.work, name)
    x264 = ["-c:v", "libx264", "-preset", "veryfast", "-crf", "23"]
    ours = ["--preset", "veryfast", "--crf", "23", "--force", "--progress", "none"]
    long_clip = _clip(ctx, 600, preset="ultrafast")
    cases = [
        {"label": "ffmpeg 60s 1080p30 → x264 veryfast crf 23, audio copy",
         "argv": ["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", clip, *x264, "-c:a", "copy",
                  out("media-ffmpeg.mp4")],
         "ours": False, "group": "1080p"},
        {"label": "ffmpeg + subtitles= (libass), same settings",
         "argv": ["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", clip, "-vf", f"subtitles={srt_caps}",
                  *x264, "-c:a", "copy", out("media-ffmpeg-libass.mp4")],
         "ours": False, "group": "1080p"},
        {"label": "captions export, same settings",
         "argv": [ctx.captions, "export", clip, "-o", out("media-export.mp4"), *ours],
         "ours": True, "group": "1080p"},
        {"label": "captions burn (2-line caption every 2 s), same settings",
         "argv": [ctx.captions, "burn", clip, json_caps, "-o", out("media-burn.mp4"), *ours],
         "ours": True, "group": "1080p"},
        {"label": "captions export 60 s (ultrafast), reference for memory",
         "argv": [ctx.captions, "export", clip, "-o", out("media-mem60.mp4"), "--preset", "ultrafast",
                  "--force", "--progress", "none"],
         "ours": False, "group": "memory", "runs": 1},
        {"label": "captions export 10 min (ultrafast)",
         "argv": [ctx.captions, "export", long_clip, "-o", out("media-mem600.mp4"), "--preset", "ultrafast",
                  "--force", "--progress", "none"],
         "ours": True, "group": "memory", "runs": 1},
    ]
    # Every run must leave its movie behind: a failed run is never timed.
    for case in cases:
        case["output"] = written_file(case["argv"])
    return cases
