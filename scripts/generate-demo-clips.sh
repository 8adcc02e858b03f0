#!/usr/bin/env bash
# Generates the demo clips seeded into an empty database (DEMO_DATA): short, tiny WebM videos
# (VP9 + Opus, plays in every browser including Chromium builds without proprietary codecs)
# and a JPEG screenshot of each, under assets/demo-clips/. The outputs are committed; this
# script is run by hand (NOT part of the build) when the list below changes.
#
# Requirements (Debian): apt-get install -y ffmpeg fonts-dejavu-core
#
# Each line: file name | movie title (must equal a name in public/data/movielist.json) | ffmpeg source | tone (Hz)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/assets/demo-clips"
FONT="${FONT:-/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf}"
SECONDS_LONG=4
SIZE=320x180

CLIPS=(
  "sinners|Sinners|gradients=s=$SIZE:c0=0x7f1d1d:c1=0x1e1b4b:speed=0.02:duration=$SECONDS_LONG|196"
  "superman|Superman|gradients=s=$SIZE:c0=0x1d4ed8:c1=0xdc2626:speed=0.03:duration=$SECONDS_LONG|262"
  "wicked-for-good|Wicked: For Good|gradients=s=$SIZE:c0=0x15803d:c1=0xdb2777:speed=0.02:duration=$SECONDS_LONG|330"
  "dune-part-two|Dune: Part Two|gradients=s=$SIZE:c0=0xb45309:c1=0x451a03:speed=0.01:duration=$SECONDS_LONG|147"
  "oppenheimer|Oppenheimer|mandelbrot=s=$SIZE:end_scale=0.5|220"
  "everything-everywhere-all-at-once|Everything Everywhere All at Once|testsrc2=s=$SIZE:d=$SECONDS_LONG|294"
)

mkdir -p "$OUT"
rm -f "$OUT"/*.webm "$OUT"/*.jpg

for entry in "${CLIPS[@]}"; do
  IFS='|' read -r name title source tone <<<"$entry"
  # drawtext needs ':' and '\'' escaped inside its text.
  label="$(printf '%s' "$title" | sed -e "s/:/\\\\:/g" -e "s/'/\\\\'/g")"
  # Long titles get a smaller font so they fit the 320 px frame.
  fontsize=$(( ${#title} > 24 ? 13 : 18 ))
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "$source" \
    -f lavfi -i "sine=frequency=$tone:sample_rate=48000:duration=$SECONDS_LONG" \
    -t "$SECONDS_LONG" -r 15 \
    -vf "drawtext=fontfile=$FONT:text='$label':fontcolor=white:fontsize=$fontsize:box=1:boxcolor=black@0.55:boxborderw=6:x=(w-text_w)/2:y=h-th-14,drawtext=fontfile=$FONT:text='MINGO demo clip':fontcolor=white@0.85:fontsize=12:x=10:y=10,format=yuv420p" \
    -af "volume=0.15" \
    -c:v libvpx-vp9 -b:v 90k -deadline good -cpu-used 4 -row-mt 1 -g 30 \
    -c:a libopus -b:a 16k -ac 1 \
    "$OUT/$name.webm"
  ffmpeg -hide_banner -loglevel error -y -ss 1.5 -i "$OUT/$name.webm" -frames:v 1 -q:v 5 "$OUT/$name.jpg"
  printf '%-40s %7d + %6d bytes  %s\n' "$name" "$(stat -c %s "$OUT/$name.webm")" "$(stat -c %s "$OUT/$name.jpg")" "$title"
done
du -sh "$OUT"
