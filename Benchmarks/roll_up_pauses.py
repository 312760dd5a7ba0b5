#!/usr/bin/env python3
"""Fidelity of roll-up writing where lines time out during pauses (Specs/scc.md, "Writing",
Roll-up): a deterministic RU3 document of 600 lines, 1-3 s apart with a pause of 3-7 s before
15 % of them; a line leaves when the line three later rolls it out, or after 6 s. Converts it
to SCC with the given `captions` binary (default: the debug build) and prints how many lines
leave early (608.overlap) and by how many frames, how many stay late, and how many cannot be
delivered. Usage: python3 Benchmarks/roll_up_pauses.py [path/to/captions]"""
import json
import os
import random
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, "Benchmarks", "work")


def document():
    rng = random.Random(7)
    words = ("lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor "
             "incididunt ut labore et dolore magna aliqua").split()
    lines, frame = [], 30
    for _ in range(600):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(3, 6)))[:32].strip()
        lines.append((frame, text))
        frame += rng.randint(30, 90) + (rng.random() < 0.15) * rng.randint(90, 200)
    captions = []
    for index, (start, text) in enumerate(lines):
        rolled = lines[index + 3][0] if index + 3 < len(lines) else start + 180
        end = min(rolled, start + 180)
        captions.append({
            "startTime": f"{start * 1001}/30000", "endTime": f"{end * 1001}/30000", "text": text,
            "styles": [{"text": text}],
            "region": {"origin": {"x": "0c", "y": "12c"}, "size": {"width": "32c", "height": "3c"}, "rollUpRows": 3},
        })
    return {"format": "captions-json", "version": 1, "frameRate": "29.97", "dropFrame": False,
            "timeBase": "smpte", "captions": captions}


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "captions")
    os.makedirs(WORK, exist_ok=True)
    source = os.path.join(WORK, "roll-up-pauses.json")
    with open(source, "w") as f:
        json.dump(document(), f)
    output = os.path.join(WORK, "roll-up-pauses.scc")
    result = subprocess.run([binary, "convert", source, output, "--force"], capture_output=True, text=True)
    findings = result.stderr
    early = [int(n) for n in re.findall(r"608\.overlap\].*?leaves the screen (\d+) frame", findings)]
    late = [int(n) for n in re.findall(r"608\.(?:roll-up-end|late-end)\].*?stays on screen (\d+) frame", findings)]
    print(f"exit {result.returncode}; lines cut short: {len(early)} ({sum(early)} frames); "
          f"kept late: {len(late)} ({min(late, default=0)}-{max(late, default=0)} frames); "
          f"undeliverable: {findings.count('608.excess-media-data')}; "
          f"codes sent once: {findings.count('608.single-codes')}")


if __name__ == "__main__":
    main()
