#!/usr/bin/env bash
# The main jobs on the bundled example (Fixtures/examples/README.md): inspect the captions,
# convert them to every writable format, check the SCC against the CEA-608 rules, iTT ⇄ SCC,
# render one frame, burn the captions into a short clip, and export a GPS dashboard from a GPX
# ride over the same clip. Prints where each output is.
set -euo pipefail
captions="$1"
out="$2"
example="Fixtures/examples/feature-excerpt.json"
clip="Fixtures/examples/clip.mp4"
ride="Fixtures/examples/ride.gpx"
mkdir -p "$out"
step() { printf '\n== %s\n' "$*"; }
step "captions inspect $example"
# Whole outputs go to files first: `head` closing a pipe early would end the command with
# SIGPIPE, which pipefail turns into the demo's failure.
"$captions" inspect "$example" > "$out/inspect.txt"
head -n 12 "$out/inspect.txt"
echo "…"
for fmt in $("$captions" formats | awk -F'\t' '$3 ~ /write/ && $3 ~ /read/ {print $1}'); do
    ext=$("$captions" formats | awk -F'\t' -v f="$fmt" '$1 == f {split($2, e, " "); sub(/^\./, "", e[1]); print e[1]}')
    step "captions convert $example $out/demo.$ext"
    "$captions" convert "$example" "$out/demo.$ext" --force --language en-US
done
step "captions validate $out/demo.scc"
"$captions" validate "$out/demo.scc"
step "captions scc dump $out/demo.scc (first lines)"
"$captions" scc dump "$out/demo.scc" > "$out/demo-dump.txt"
head -n 8 "$out/demo-dump.txt"
step "iTT → SCC → iTT: captions convert $out/demo.itt $out/from-itt.scc, then back"
"$captions" convert "$out/demo.itt" "$out/from-itt.scc" --force
"$captions" convert "$out/from-itt.scc" "$out/round-trip.itt" --force --language en-US
step "captions preview $out/demo.itt --at 00:00:02;00 -o $out/frame.png"
"$captions" preview "$out/demo.itt" --at "00:00:02;00" --size 1280x720 -o "$out/frame.png" --force
step "captions burn $clip $out/demo.scc -o $out/burned.mp4"
"$captions" burn "$clip" "$out/demo.scc" -o "$out/burned.mp4" --force
step "captions export $clip --overlay gps --gpx $ride -o $out/dashboard.mp4"
"$captions" export "$clip" --overlay gps --gpx "$ride" -o "$out/dashboard.mp4" --force
step "captions frame $out/dashboard.mp4 --at 3 -o $out/dashboard-3s.png"
"$captions" frame "$out/dashboard.mp4" --at 3 -o "$out/dashboard-3s.png" --force
printf '\n== outputs\n'
for f in demo.scc demo.itt from-itt.scc round-trip.itt frame.png burned.mp4 dashboard.mp4 dashboard-3s.png; do
    printf '%-18s %s\n' "$f" "$out/$f"
done
