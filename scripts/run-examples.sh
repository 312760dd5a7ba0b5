#!/usr/bin/env bash
# `make test-examples`: builds the Examples package (an app's view of the library: it depends
# on this package by path and imports only its products) with its own scratch path, then runs
# every example in a new temporary folder that holds the inputs the README's snippets name:
#   show.scc    FFmpeg's FATE SCC sample, ../shared/fixtures/scc/ffmpeg/ (read in place)
#   gopro.mp4   the GoPro Max fixture with a GPMF GPS5 track, ../shared/fixtures/media/
#   clip.mp4, ride.gpx   the bundled example, Fixtures/examples/
#   movie.mp4   17 s of one colour at 320x180, 29.97 fps, with a tone, made here with ffmpeg
# Each example checks its own output and exits non-zero when it is wrong; any failure fails
# this script, printing that example's output.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
swift="${SWIFT:-swift}"
scratch="$root/.build/examples"
fixtures="$root/../shared/fixtures"
examples=(read-captions validate-captions burn-captions progress-bar-compositor gps-speed-logger gpx-dashboard
    export-timeline caption-tracks review-session)

for input in "$fixtures/scc/ffmpeg/sub-scc-remux.scc" "$fixtures/media/gopro-max-heromode.mp4"; do
    [[ -f "$input" ]] || { echo "run-examples: missing $input (clone next to shared/, README Set-up)" >&2; exit 2; }
done
command -v ffmpeg >/dev/null || { echo "run-examples: ffmpeg is needed to make movie.mp4" >&2; exit 2; }

start=$SECONDS
"$swift" build --package-path "$root/Examples" --scratch-path "$scratch"
bin="$("$swift" build --package-path "$root/Examples" --scratch-path "$scratch" --show-bin-path)"
echo "examples built in $((SECONDS - start)) s"

work="$(mktemp -d "${TMPDIR:-/tmp}/captions-examples.XXXXXX")"
# EXAMPLES_KEEP=1 keeps the folder (outputs and each example's log) and says where it is.
if [[ -n "${EXAMPLES_KEEP:-}" ]]; then echo "examples run in $work"; else trap 'rm -rf "$work"' EXIT; fi
ln -s "$fixtures/scc/ffmpeg/sub-scc-remux.scc" "$work/show.scc"
ln -s "$fixtures/media/gopro-max-heromode.mp4" "$work/gopro.mp4"
ln -s "$root/Fixtures/examples/clip.mp4" "$work/clip.mp4"
ln -s "$root/Fixtures/examples/ride.gpx" "$work/ride.gpx"
ffmpeg -v error -f lavfi -i color=c=0x3060a0:size=320x180:rate=30000/1001:duration=17 \
    -f lavfi -i sine=frequency=440:duration=17 -c:v libx264 -preset veryfast -pix_fmt yuv420p \
    -c:a aac -b:a 32k -shortest "$work/movie.mp4"

failed=0
for example in "${examples[@]}"; do
    began=$SECONDS
    if (cd "$work" && "$bin/$example") > "$work/$example.log" 2>&1; then
        echo "ok   $example ($((SECONDS - began)) s)"
    else
        status=$?
        echo "FAIL $example (exit $status); its output:"
        tail -n 40 "$work/$example.log"
        failed=$((failed + 1))
    fi
done
passed=$((${#examples[@]} - failed))
echo "examples built and run in $((SECONDS - start)) s"
echo "examples: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
