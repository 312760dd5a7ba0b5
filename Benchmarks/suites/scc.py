"""The SCC format on a 2-hour feature (1,800 pop-on captions at 29.97 drop-frame): ours reading
SCC → JSON and writing JSON → SCC, against FFmpeg (SCC → SRT), pycaption (SCC → SRT and SRT →
SCC) and ttconv (SCC → TTML) on the same file; then ours on a 20-hour feature, whose ratio to the
2-hour run shows the scaling (goals from issue 3: < 20 ms and < 15 MB for 2 h, < 150 ms for 20 h).

The SCC input is our own writer's output (`captions convert feature.json feature.scc`), so every
tool reads the same bytes."""
import os
import subprocess
import sys


def cases(ctx):
    json2 = ctx.feature(hours=2, fmt="json")
    scc2 = ctx.feature(hours=2, fmt="scc")
    json20 = ctx.feature(hours=20, fmt="json")
    scc20 = ctx.feature(hours=20, fmt="scc")
    work = ctx.work
    pycaption_read = ("import sys; from pycaption import SCCReader, SRTWriter; "
                      "d = SCCReader().read(open(sys.argv[1]).read()); "
                      "open(sys.argv[2], 'w').write(SRTWriter().write(d))")
    pycaption_write = ("import sys; from pycaption import SRTReader, SCCWriter; "
                       "d = SRTReader().read(open(sys.argv[1]).read()); "
                       "open(sys.argv[2], 'w').write(SCCWriter().write(d))")
    have_pycaption = ctx.python_has("pycaption")
    cases = [
        # Reading SCC.
        {"label": "captions convert 2h.scc → json", "group": "read 2h", "ours": True,
         "argv": [ctx.captions, "convert", scc2, f"{work}/scc-out.json", "--force"]},
        {"label": "ffmpeg 2h.scc → srt", "group": "read 2h", "ours": False,
         "argv": ["ffmpeg", "-loglevel", "error", "-y", "-i", scc2, f"{work}/scc-ffmpeg.srt"],
         **({} if ctx.have("ffmpeg") else {"skip": "ffmpeg not installed (make test installs it)"})},
        {"label": "pycaption 2h.scc → srt", "group": "read 2h", "ours": False,
         "argv": [sys.executable, "-c", pycaption_read, scc2, f"{work}/scc-pycaption.srt"],
         **({} if have_pycaption else {"skip": "pycaption not installed (make test installs it)"})},
        # ttconv draws progress bars on stderr, where the harness reads GNU time's result: exec
        # keeps the measured process ttconv itself while its stderr goes to /dev/null.
        {"label": "ttconv tt convert 2h.scc → ttml", "group": "read 2h", "ours": False,
         "argv": ["sh", "-c", 'exec tt convert -i "$0" -o "$1" 2>/dev/null', scc2, f"{work}/scc-ttconv.ttml"],
         **({} if ctx.have("tt") else {"skip": "ttconv not installed (make test installs it)"})},
        # Writing SCC.
        {"label": "captions convert 2h.json → scc", "group": "write 2h", "ours": True,
         "argv": [ctx.captions, "convert", json2, f"{work}/scc-out.scc", "--force"]},
    ]
    if have_pycaption:
        # pycaption writes SCC from SRT: make the SRT once from our SCC (set-up, not measured).
        srt2 = f"{work}/feature-2h.srt"
        if not os.path.exists(srt2):
            subprocess.run([sys.executable, "-c", pycaption_read, scc2, srt2], check=True)
        cases.append({"label": "pycaption 2h.srt → scc", "group": "write 2h", "ours": False,
                      "argv": [sys.executable, "-c", pycaption_write, srt2, f"{work}/scc-pycaption.scc"]})
    else:
        cases.append({"label": "pycaption 2h.srt → scc", "group": "write 2h", "ours": False, "argv": [],
                      "skip": "pycaption not installed (make test installs it)"})
    # Scaling: the 20-hour runs against the 2-hour ones ("ours": False marks the reference).
    cases += [
        {"label": "captions convert 20h.scc → json", "group": "scaling read", "ours": True,
         "argv": [ctx.captions, "convert", scc20, f"{work}/scc-out20.json", "--force"]},
        {"label": "captions convert 2h.scc → json (reference)", "group": "scaling read", "ours": False,
         "argv": [ctx.captions, "convert", scc2, f"{work}/scc-out.json", "--force"]},
        {"label": "captions convert 20h.json → scc", "group": "scaling write", "ours": True,
         "argv": [ctx.captions, "convert", json20, f"{work}/scc-out20.scc", "--force"]},
        {"label": "captions convert 2h.json → scc (reference)", "group": "scaling write", "ours": False,
         "argv": [ctx.captions, "convert", json2, f"{work}/scc-out.scc", "--force"]},
    ]
    return cases
