"""Captions of a fragmented movie (issue 34): a 1-hour QuickTime movie whose `c608` track carries
a generated feature, fragmented by FFmpeg into 1,800 and into 3,600 movie fragments, extracted by
`captions convert` (the box reader reads one `moof` at a time) and by `ffmpeg -i … -map 0:s`,
side by side on the same files. The two fragment counts show that our memory does not grow with
the number of fragments (the samples are the same; only the `moof` boxes double).

The files are generated, never committed: `captions generate --minutes 60` as SCC, a 64×36
29.97 fps testsrc clip of one hour (x264 ultrafast, a keyframe every 2 s), `captions mux` of the
two, then `ffmpeg -c copy -movflags empty_moov -frag_duration 2000000` (or 1000000): a fragment
every 2 s (1 s), each with the video's and the c608 track's samples of that time."""
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


def _fragmented(ctx, muxed, microseconds, count):
    out = os.path.join(ctx.work, f"fragments-c608-60min-{count}.mov")
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
    return result
