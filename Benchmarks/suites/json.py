"""The JSON format: read and write a 2-hour feature (1,800 captions), against Python's json
module loading and dumping the same file (the floor for any JSON-based tool), plus a 20-hour
run of ours to show linear scaling."""
import sys


def cases(ctx):
    feature = ctx.feature(hours=2, fmt="json")
    long = ctx.feature(hours=20, fmt="json")
    out = f"{ctx.work}/out.json"
    peer = ("import json,sys; d=json.load(open(sys.argv[1])); "
            "json.dump(d, open(sys.argv[2], 'w'), indent=2, sort_keys=True)")
    return [
        {"label": "captions convert 2h.json → json", "argv": [ctx.captions, "convert", feature, out, "--force"],
         "ours": True, "group": "2h"},
        {"label": "python3 json load+dump 2h.json", "argv": [sys.executable, "-c", peer, feature, out],
         "ours": False, "group": "2h"},
        {"label": "captions convert 20h.json → json", "argv": [ctx.captions, "convert", long, out, "--force"],
         "ours": True, "group": "20h"},
        {"label": "python3 json load+dump 20h.json", "argv": [sys.executable, "-c", peer, long, out],
         "ours": False, "group": "20h"},
    ]
