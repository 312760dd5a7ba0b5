"""Captions of a fragmented movie (issue 34): a 1-hour QuickTime movie whose `c608` track carries
a generated feature, fragmented by FFmpeg into 1,800 and into 3,600 movie fragments, extracted by
`captions convert` (the box reader reads one `moof` at a time) and by `ffmpeg -i … -map 0:s`,
side by side on the same files. The two fragment counts show that our memory does not grow with
the number of fragments (the samples are the same; only the `moof` boxes double).

The files are generated, never committed: `captions generate --minutes 60` as SCC, a 64×36
29.97 fps testsrc clip of one hour (x264 ultrafast, a keyframe every 2 s), `captions mux` of the
two, then `ffmpeg -c copy -movflags empty_moov -frag_duration 2000000` (or 1000000): a fragment
every 2 s (1 s), each with the video's and the c608 track's samples of that time.

Muxing into fragments (issue 38): the same clip without captions, fragmented the same way, gets
the feature's captions added by `captions mux` (a c608 track from the SCC, a tx3g track from the
SRT: a new `moof`+`mdat` after each fragment, Specs/isobmff.md "Adding tracks to a fragmented
movie") and by FFmpeg (`-map 0 -map 1 -c copy`, or `-c:s mov_text`, written fragmented again with
the same `-frag_duration`). FFmpeg remuxes the whole file as we do (ours also copies it: the
output is a new file renamed into place), so the two write the same kind of file."""
import os
import subprocess


def _movie(ctx):
    work = ctx.work
    clip = os.path.join(work, "fragments-clip-60min.mov")
    if not os.path.exists(clip):
        subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi",
                        "-i", "testsrc=size=64x36:rate=30000/1001:duration=3600",
                        "-c:v", "libx264", "-preset", "ultrafast", "-g", "60", "-pix_fmt", "yuv420p",
                        clip + ".tmp.mov"], check=True)
        os.replace(clip + ".tmp.mov", clip)
    muxed = os.path.join(work, "fragments-c608-60min.mov")
    if not os.path.exists(muxed):
        scc = ctx.feature(minutes=60, fmt="scc")
        subprocess.run([ctx.captions, "mux", clip, scc, "-o", muxed, "--force"], check=True)
    return muxed


def _clip(ctx):
    return os.path.join(ctx.work, "fragments-clip-60min.mov")


def _fragmented(ctx, muxed, microseconds, count, name="c608"):
    out = os.path.join(ctx.work, f"fragments-{name}-60min-{count}.mov")
    if not os.path.exists(out):
        subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", muxed, "-map", "0", "-c", "copy",
                        "-movflags", "empty_moov", "-frag_duration", str(microseconds), out + ".tmp.mov"],
                       check=True)
        os.replace(out + ".tmp.mov", out)
    return out


def _moof_count(path):
    """The top-level `moof` boxes of `path` (box headers only, ISO/IEC 14496-12 §4.2)."""
    count = 0
    with open(path, "rb") as f:
        size = os.path.getsize(path)
        p = 0
        while p + 8 <= size:
            f.seek(p)
            head = f.read(16)
            n = int.from_bytes(head[0:4], "big")
            if n == 1:
                n = int.from_bytes(head[8:16], "big")
            if n == 0:
                n = size - p
            count += head[4:8] == b"moof"
            p += max(n, 8)
    return count


def cases(ctx):
    if not ctx.have("ffmpeg"):
        return [{"label": "fragments", "ours": True, "argv": [], "skip": "ffmpeg not installed"}]
    muxed = _movie(ctx)
    result = []
    for microseconds, count in ((2_000_000, 1800), (1_000_000, 3600)):
        movie = _fragmented(ctx, muxed, microseconds, count)
        group = f"1 h c608, {_moof_count(movie)} fragments"
        ours = os.path.join(ctx.work, f"fragments-ours-{count}.srt")
        theirs = os.path.join(ctx.work, f"fragments-ffmpeg-{count}.srt")
        result += [
            {"label": f"captions convert ({count} fragments)", "group": group, "ours": True, "output": ours,
             "argv": [ctx.captions, "convert", movie, ours, "--force"]},
            {"label": f"ffmpeg -i … -map 0:s ({count} fragments)", "group": group, "ours": False, "output": theirs,
             "argv": ["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", movie, "-map", "0:s", theirs]},
        ]
        result += _mux_cases(ctx, microseconds, count)
    return result


def _mux_cases(ctx, microseconds, count):
    """Captions added to the fragmented clip without captions, ours and FFmpeg's."""
    video = _fragmented(ctx, _clip(ctx), microseconds, count, name="video")
    group = f"mux into 1 h, {_moof_count(video)} fragments"
    scc = ctx.feature(minutes=60, fmt="scc")
    srt = ctx.feature(minutes=60, fmt="srt")
    frag = ["-movflags", "empty_moov", "-frag_duration", str(microseconds)]
    out = lambda name: os.path.join(ctx.work, f"fragments-mux-{name}-{count}.mov")
    return [
        {"label": f"captions mux SCC → c608 ({count} fragments)", "group": group + ", c608", "ours": True,
         "output": out("ours-c608"), "argv": [ctx.captions, "mux", video, scc, "-o", out("ours-c608"), "--force"]},
        {"label": f"ffmpeg SCC → c608 ({count} fragments)", "group": group + ", c608", "ours": False,
         "output": out("ffmpeg-c608"),
         "argv": ["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", video, "-i", scc, "-map", "0", "-map", "1",
                  "-c", "copy", *frag, out("ffmpeg-c608")]},
        {"label": f"captions mux SRT → tx3g ({count} fragments)", "group": group + ", tx3g", "ours": True,
         "output": out("ours-tx3g"),
         "argv": [ctx.captions, "mux", video, srt, "--as", "tx3g", "-o", out("ours-tx3g"), "--force"]},
        {"label": f"ffmpeg SRT → mov_text ({count} fragments)", "group": group + ", tx3g", "ours": False,
         "output": out("ffmpeg-tx3g"),
         "argv": ["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", video, "-i", srt, "-map", "0", "-map", "1",
                  "-c:v", "copy", "-c:s", "mov_text", *frag, out("ffmpeg-tx3g")]},
    ]
