"""`captions validate` of hostile SCC files (issue 34, "Linear on hostile input"), each grown ×10
(100 KB → 1 MB): the ratio lines must show time and memory growing about ×10, not ×100. Goal for
the 1 MB files: under 2 s and 200 MB (release build). Inputs, with odd parity:

- paint-on TO/BS: RDC, a PAC and one row of 32 characters, then only tab offsets and backspaces
  (TO1 BS): each backspace ends the paint-on caption on that row and starts one (a caption a
  second frame);
- roll-up CR: RU2 and a PAC, then lines of two characters each ended by a carriage return (a
  roll-up line a second frame);

each with control codes sent once and sent twice (the second copy the redundant one)."""
import os


def _word(first, second):
    def odd(b):
        b &= 0x7F
        return b | 0x80 if bin(b).count("1") % 2 == 0 else b
    return "%02x%02x" % (odd(first), odd(second))


RDC, PAC, TO1, BS = _word(0x14, 0x29), _word(0x14, 0x70), _word(0x17, 0x21), _word(0x14, 0x21)
RU2, CR, AB = _word(0x14, 0x25), _word(0x14, 0x2D), _word(0x41, 0x42)


def _label(frame):
    seconds, frames = divmod(frame, 30)
    minutes, seconds = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    return "%02d:%02d:%02d:%02d" % (hours, minutes, seconds, frames)


def _write(path, opening, cycle, size, doubled):
    """An SCC file of about `size` bytes: `opening` codes (each twice), then `cycle` repeated,
    64 words a line; control words twice when `doubled` (characters are sent once)."""
    if os.path.exists(path):
        return path
    lines, words, frame, total, index = ["Scenarist_SCC V1.0", ""], [], 30, 20, 0
    for w in opening:
        words += [w, w] if w not in (AB,) else [w]
    while total < size:
        w = cycle[index % len(cycle)]
        index += 1
        words += [w, w] if doubled and w != AB else [w]
        if len(words) >= 64:
            line = _label(frame) + "\t" + " ".join(words)
            lines += [line, ""]
            total += len(line) + 2
            frame += len(words)
            words = []
    with open(path, "w") as out:
        out.write("\n".join(lines) + "\n")
    return path


def cases(ctx):
    out = []
    for name, opening, cycle in [
        ("paint-on TO/BS", [RDC, PAC] + [AB] * 16, [TO1, BS]),
        ("roll-up CR", [RU2, PAC], [AB, CR]),
    ]:
        for doubled in (False, True):
            group = name + (" doubled" if doubled else "")
            slug = group.replace(" ", "-").replace("/", "")
            for size, label, ours in ((1_000_000, "1MB", True), (100_000, "100KB", False)):
                path = _write(os.path.join(ctx.work, f"hostile-{slug}-{label}.scc"), opening, cycle, size, doubled)
                out.append({"label": f"captions validate {group} {label}", "argv": [ctx.captions, "validate", path],
                            "ours": ours, "group": group, "exit_codes": [0, 1]})
    return out
