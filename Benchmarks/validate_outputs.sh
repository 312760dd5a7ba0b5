#!/bin/bash
# validate_outputs.sh BINARY OUTDIR: what `captions validate` says of the hostile benchmark inputs
# (Benchmarks/work/hostile-*.scc, made by `python3 Benchmarks/run hostile`) and of every shared SCC
# fixture — the text report, --json, and --fix -o x.json (stdout and stderr, exit status, the
# file written) — into OUTDIR, so two builds can be compared with `diff -r OUT1 OUT2`.
set -u
bin=$1
out=$2
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
for f in "$here"/Benchmarks/work/hostile-*.scc $(find "$here/../shared/fixtures/scc" -name '*.scc' | sort); do
    n=$(echo "$f" | sed "s|$here/../shared/fixtures/scc/||; s|$here/Benchmarks/work/||; s|/|__|g")
    "$bin" validate "$f" >"$out/$n.txt" 2>&1
    echo "exit $?" >>"$out/$n.txt"
    "$bin" validate --json "$f" >"$out/$n.json" 2>"$out/$n.json.err"
    echo "exit $?" >>"$out/$n.json.err"
    rm -f "$out/$n.fixed.json"
    "$bin" validate --fix -o "$out/$n.fixed.json" "$f" >"$out/$n.fix.txt" 2>&1
    echo "exit $?" >>"$out/$n.fix.txt"
done
sed -i "s|$out|OUT|g" "$out"/*.txt "$out"/*.err
