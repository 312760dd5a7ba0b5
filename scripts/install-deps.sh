#!/usr/bin/env bash
# Installs what building and testing need, idempotently: Debian packages (skipped when already
# present) and, with --test, the peer tools the cross-check tests run (ttconv, pycaption, pymp4, gpxpy, fitdecode, fitparse, crcmod, GStreamer);
# --bench adds what only the benchmarks run (gopro-dashboard-overlay, heavy: numpy, Pillow…).
set -euo pipefail

want_test=0
want_bench=0
[[ "${1:-}" == "--test" ]] && want_test=1
[[ "${1:-}" == "--bench" ]] && want_test=1 && want_bench=1

# Build: the C libraries behind the bridges, and pkg-config to find them; libsqlite3-dev for GRDB's
# system SQLite (the batch journal, Sources/Batch); tzdata for --camera-tz's zone names (Foundation's
# TimeZone reads /usr/share/zoneinfo).
packages=(pkg-config libxml2-dev libfreetype-dev libharfbuzz-dev libfribidi-dev libfontconfig-dev
          libavformat-dev libavcodec-dev libavutil-dev libswscale-dev libavfilter-dev libswresample-dev
          libsqlite3-dev fonts-dejavu-core tzdata)
# Tests: FFmpeg's command-line tools for cross-checks, python3 and pip for ttconv/pycaption,
# Node.js to run the web-platform-tests WebVTT pages' own assertions, exiftool for metadata,
# mount for the media tests' read-only and full tmpfs destinations, openssl to encrypt CENC test clips.
# GStreamer's qtdemux (gst-launch-1.0, plugins-good) reads WebVTT tracks (wvtt) for the cross-check;
# its ttmlparse and ttmlrender (plugins-bad) read and draw our iTT (Tests/ITTTests/ITTWitnessTests).
# GStreamer's x264enc (plugins-ugly) writes the cc_data of real MCC files into A/53 SEI for the CEA-708 reading
# witness (Tests/CaptionTracksTests/A53DTVCCWitnessTests; FFmpeg makes the MPEG-2 copy).
# Debian's python3-gi with GStreamer's introspection data drives qtmux through appsrc, which writes a c708 track
# from the real MCC files' CDPs (Tests/CaptionTracksTests/C708WitnessTests).
# Debian's chromium, headless, lays out our WebVTT cues in a <video> (Tests/TestSupport/HeadlessBrowser,
# driven over the DevTools protocol on a pipe: no chromium-driver, no port).
# Tesseract reads the text of the README's pictures (Tests/CompositionTests/READMEPictureTests).
(( want_test )) && packages+=(ffmpeg python3 python3-pip time fonts-noto-cjk nodejs libimage-exiftool-perl mount openssl
                              gstreamer1.0-tools gstreamer1.0-plugins-good gstreamer1.0-plugins-bad
                              gstreamer1.0-plugins-ugly python3-gi gir1.2-gstreamer-1.0 chromium
                              tesseract-ocr tesseract-ocr-eng)

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if (( ${#missing[@]} )); then
    echo "installing Debian packages: ${missing[*]}"
    sudo_cmd=()
    [[ $(id -u) -ne 0 ]] && sudo_cmd=(sudo)
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
fi

if (( want_test )); then
    py=python3
    # module:PyPI name. gpxpy and py-gpmf-parser (GoPro's gpmf-parser) check the GPX and GPMF
    # readers, fitdecode and fitparse the FIT reader; exiftool (above) the mebx and gpmd tracks;
    # pymp4 builds and parses WebVTT tracks; ray runs `captions batch --engine ray` on a cluster
    # the tests start (Tests/BatchTests/RayEngineTests); crcmod's CRC-32/MPEG-2 checks the transport
    # stream sections the tests make (Tests/CaptionTracksTests/TransportStreamLanguageTests).
    for entry in ttconv:ttconv pycaption:pycaption gpxpy:gpxpy py_gpmf_parser:py-gpmf-parser pymp4:pymp4 \
                 fitdecode:fitdecode fitparse:fitparse ray:ray crcmod:crcmod; do
        tool=${entry%%:*}
        name=${entry#*:}
        if ! "$py" -c "import $tool" 2>/dev/null; then
            echo "installing $name from PyPI"
            "$py" -m pip install --quiet --disable-pip-version-check "$name" \
              || "$py" -m pip install --quiet --disable-pip-version-check --break-system-packages "$name"
        fi
    done
fi

if (( want_bench )); then
    # gopro-dashboard-overlay (PyPI gopro-overlay): the GPS dashboard benchmark's peer.
    if ! python3 -c "import gopro_overlay" 2>/dev/null; then
        echo "installing gopro-overlay from PyPI"
        python3 -m pip install --quiet --disable-pip-version-check gopro-overlay \
          || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages gopro-overlay
    fi
fi
