"""`captions validate` on a 2-hour and a 20-hour feature (SCC target). No open-source tool
validates CEA-608 conversions, so there is no peer: the 20-hour run against the 2-hour one shows
the scaling (goal: under 50 ms for 2 h, linear)."""


def cases(ctx):
    two = ctx.feature(hours=2, fmt="json")
    twenty = ctx.feature(hours=20, fmt="json")
    return [
        {"label": "captions validate 2h.json", "argv": [ctx.captions, "validate", two], "ours": True, "group": "scaling",
         "exit_codes": [0, 1]},  # 1: the validator reported error-level findings (it ran to the end)
        {"label": "captions validate 20h.json", "argv": [ctx.captions, "validate", twenty], "ours": False, "group": "scaling",
         "exit_codes": [0, 1]},
    ]
