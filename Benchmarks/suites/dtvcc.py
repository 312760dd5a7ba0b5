"""CEA-708 and CEA-608 extracted from long inputs (issue 36): a 30- and a 60-minute MPEG transport
stream whose every picture carries A/53 `cc_data` with both (64x36 H.264 at 29.97 fps, so that the
video costs little and the caption path shows), and the 30- and 60-minute MCC files of the same
captions, side by side with FFmpeg on the same files. Time and memory should grow linearly with
length (the 30-minute rows against the 60-minute ones).

- ours: `captions convert long.ts out.srt` (CEA-608 CC1 through libavformat's packets) and
  `--service 1` (CEA-708); `captions convert long.mcc out.srt` and `--service 1`;
- FFmpeg: `movie=long.ts[out0+subcc]` (it decodes every picture for the A/53 side data and reads
  only the 608 half) and `ffmpeg -i long.mcc out.srt` (its MCC demuxer, 608 only). No Debian 12
  tool decodes the 708 half (ccextractor and caption-inspector are not packaged), so the 708 rows
  are compared with FFmpeg's 608 rows of the same file: the ratio says what the 708 half costs
  beside FFmpeg's 608 path.

The inputs are generated, never committed: a generated feature (`captions generate`, 15 pop-on
captions a minute) as SCC, put into a black 64x36 video by `captions export --embed sei` (608 and
708 service 1 in every picture), remuxed to TS by FFmpeg (`-c copy`); the MCC by `captions convert
feature.scc feature.mcc`."""
import os
import subprocess


def _inputs(ctx, minutes):
    work = ctx.work
    ts = os.path.join(work, f"dtvcc-{minutes}min.ts")
    mcc = os.path.join(work, f"dtvcc-{minutes}min.mcc")
    scc = ctx.feature(minutes=minutes, fmt="scc")
    if not os.path.exists(mcc):
        subprocess.run([ctx.captions, "convert", scc, mcc + ".tmp.mcc", "--force"], check=True,
                       env=dict(os.environ, SOURCE_DATE_EPOCH="0"))
        os.replace(mcc + ".tmp.mcc", mcc)
    if os.path.exists(ts):
        return ts, mcc
    black = os.path.join(work, f"dtvcc-black-{minutes}min.mp4")
    if not os.path.exists(black):
        subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi",
                        "-i", f"color=black:size=64x36:rate=30000/1001:duration={minutes * 60}",
                        "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", black + ".tmp.mp4"],
                       check=True)
        os.replace(black + ".tmp.mp4", black)
    embedded = os.path.join(work, f"dtvcc-{minutes}min.mp4")
    if not os.path.exists(embedded):
        subprocess.run([ctx.captions, "export", black, "-o", embedded, "--captions", scc, "--embed", "sei",
                        "--preset", "ultrafast", "--progress", "none", "--force"], check=True)
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", embedded, "-c", "copy", "-f", "mpegts",
                    ts + ".tmp"], check=True)
    os.replace(ts + ".tmp", ts)
    return ts, mcc


def cases(ctx):
    if not ctx.have("ffmpeg"):
        return [{"label": "dtvcc", "ours": True, "argv": [], "skip": "ffmpeg not installed"}]
    out = lambda name: os.path.join(ctx.work, name)
    rows = []
    for minutes in (30, 60):
        ts, mcc = _inputs(ctx, minutes)
        group_ts = f"{minutes} min TS"
        group_mcc = f"{minutes} min MCC"
        rows += [
            {"label": f"captions convert {minutes}min.ts → srt (608)", "group": group_ts, "ours": True,
             "argv": [ctx.captions, "convert", ts, out("dtvcc-ours-608.srt"), "--force"]},
            {"label": f"captions convert {minutes}min.ts → srt --service 1 (708)", "group": group_ts, "ours": True,
             "argv": [ctx.captions, "convert", ts, out("dtvcc-ours-708.srt"), "--service", "1", "--force"]},
            {"label": f"ffmpeg movie={minutes}min.ts[out0+subcc] → srt (608)", "group": group_ts, "ours": False,
             "runs": 1, "argv": ["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi",
                                 "-i", f"movie={ts}[out0+subcc]", "-map", "0:1", out("dtvcc-ffmpeg-ts.srt")]},
            {"label": f"captions convert {minutes}min.mcc → srt (608)", "group": group_mcc, "ours": True,
             "argv": [ctx.captions, "convert", mcc, out("dtvcc-ours-mcc-608.srt"), "--force"]},
            {"label": f"captions convert {minutes}min.mcc → srt --service 1 (708)", "group": group_mcc,
             "ours": True,
             "argv": [ctx.captions, "convert", mcc, out("dtvcc-ours-mcc-708.srt"), "--service", "1", "--force"]},
            {"label": f"ffmpeg -i {minutes}min.mcc → srt (608)", "group": group_mcc, "ours": False,
             "argv": ["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", mcc, out("dtvcc-ffmpeg-mcc.srt")]},
        ]
    return rows
