"""TTML on a 2-hour feature (1,800 pop-on captions at 29.97 fps, issue 38): ours parsing and
writing IMSC 1.1 Text (`captions convert 2h.ttml out.ttml`) against ttconv reading and writing
the same file (`tt convert`), and SCC → IMSC 1.1 by both (ttconv was measured at 2.6 s for SCC →
TTML on a 2-hour feature when the issue was filed); then ours writing EBU-TT-D and IMSC 1.2 from
the same document, and a 20-hour feature against the 2-hour one for scaling.

Every tool reads the same bytes: the TTML and SCC inputs are our writer's output
(`captions convert feature.json feature.ttml|.scc`), made once before timing."""


def cases(ctx):
    work = ctx.work
    ttml2 = ctx.feature(hours=2, fmt="ttml")
    ttml20 = ctx.feature(hours=20, fmt="ttml")
    scc2 = ctx.feature(hours=2, fmt="scc")
    no_tt = {} if ctx.have("tt") else {"skip": "ttconv not installed (pip install ttconv)"}
    # ttconv draws progress bars on stderr, where the harness reads GNU time's result: exec keeps
    # the measured process ttconv itself while its stderr goes to /dev/null.
    tt = 'exec tt convert -i "$0" -o "$1" 2>/dev/null'
    return [
        {"label": "captions convert 2h.ttml → ttml (IMSC 1.1)", "group": "imsc", "ours": True,
         "argv": [ctx.captions, "convert", ttml2, f"{work}/ttml-out.ttml", "--force"]},
        {"label": "ttconv tt convert 2h.ttml → ttml", "group": "imsc", "ours": False,
         "argv": ["sh", "-c", tt, ttml2, f"{work}/ttml-ttconv.ttml"], **no_tt},
        {"label": "captions convert 2h.scc → ttml (IMSC 1.1)", "group": "scc", "ours": True,
         "argv": [ctx.captions, "convert", scc2, f"{work}/ttml-from-scc.ttml", "--force"]},
        {"label": "ttconv tt convert 2h.scc → ttml", "group": "scc", "ours": False,
         "argv": ["sh", "-c", tt, scc2, f"{work}/ttml-ttconv-from-scc.ttml"], **no_tt},
        {"label": "captions convert 2h.ttml → ttml (EBU-TT-D)", "group": "profiles", "ours": True,
         "argv": [ctx.captions, "convert", ttml2, f"{work}/ttml-out-ebu.ttml", "--profile", "ebu-tt-d", "--force"]},
        {"label": "captions convert 2h.ttml → ttml (IMSC 1.2)", "group": "profiles", "ours": True,
         "argv": [ctx.captions, "convert", ttml2, f"{work}/ttml-out-12.ttml", "--profile", "imsc1.2", "--force"]},
        # Scaling: the 20-hour run against the 2-hour one ("ours": False marks the reference).
        {"label": "captions convert 20h.ttml → ttml", "group": "scaling", "ours": True,
         "argv": [ctx.captions, "convert", ttml20, f"{work}/ttml-out20.ttml", "--force"]},
        {"label": "captions convert 2h.ttml → ttml (reference)", "group": "scaling", "ours": False,
         "argv": [ctx.captions, "convert", ttml2, f"{work}/ttml-out.ttml", "--force"]},
    ]
