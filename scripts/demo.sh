#!/usr/bin/env bash
# The main job on the bundled example: inspect it, convert it to every writable format, check
# the SCC against the CEA-608 rules, read it back, and render one frame as a PNG.
set -euo pipefail
captions="$1"
out="$2"
example="Fixtures/examples/feature-excerpt.json"
mkdir -p "$out"
echo "== captions inspect $example"
"$captions" inspect "$example" | head -n 12
echo "…"
for fmt in $("$captions" formats | awk -F'\t' '$3 ~ /write/ && $3 ~ /read/ {print $1}'); do
    ext=$("$captions" formats | awk -F'\t' -v f="$fmt" '$1 == f {split($2, e, " "); sub(/^\./, "", e[1]); print e[1]}')
    echo "== captions convert $example $out/demo.$ext"
    "$captions" convert "$example" "$out/demo.$ext" --force
done
echo "== captions validate $out/demo.scc"
"$captions" validate "$out/demo.scc"
echo "== captions scc dump $out/demo.scc (first lines)"
"$captions" scc dump "$out/demo.scc" | head -n 8
echo "== captions preview $out/demo.itt --at 00:00:02;00 -o $out/frame.png"
"$captions" preview "$out/demo.itt" --at "00:00:02;00" --size 1280x720 -o "$out/frame.png" --force
echo "== outputs in $out"
ls -l "$out"
