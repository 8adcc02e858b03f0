#!/usr/bin/env bash
# Build a tiny, self-hosted subset of Google's "Material Symbols Outlined"
# ligature font containing only the icons MINGO uses.
#
# Run by hand (NOT part of the build) whenever the icon list below changes:
#   bash scripts/subset-icons.sh
#
# Requirements (Debian): apt-get install -y fonttools python3-brotli
#   (uses /usr/bin/python3 so the Debian fontTools/brotli modules are found)
#   plus npm (only `npm pack` is used; nothing is added to the project).
#
# Steps:
#   1. `npm pack material-symbols` into a temp dir (source font, Apache-2.0).
#   2. Pin the variable font to its defaults (FILL=0 wght=400 GRAD=0 opsz=24)
#      with `fonttools varLib.instancer` -> static font.
#   3. Prune the GSUB ligature table to exactly the listed names (otherwise
#      pyftsubset keeps every icon spelled with the kept letters), then
#      `pyftsubset` to just the glyphs reachable from the icon names via the
#      GSUB ligatures (plus the a-z, 0-9, _ glyphs that form the names).
#      NOTE: this font ships its ligatures in the `rlig` feature (not `liga`),
#      so we keep all layout features ('*'); dropping `rlig` kills the icons.
#   4. Write WOFF2 to src/web/styles/material-symbols-subset.woff2 and verify
#      every ligature still resolves to a single icon glyph.
set -euo pipefail

# ---- The single source of truth for the icon names -------------------------
ICONS=(
  dark_mode light_mode shopping_cart login logout menu close
  play_arrow pause volume_up volume_down volume_off
  fullscreen fullscreen_exit open_in_full close_fullscreen
  check check_circle visibility delete edit link content_copy
  upload cloud_upload star star_half chevron_left chevron_right
  add remove shuffle casino download error info movie search
  person settings expand_more
)
# ---------------------------------------------------------------------------

PKG="${MATERIAL_SYMBOLS_PKG:-material-symbols}"   # or @material-symbols/font-400
PY="${PYTHON:-/usr/bin/python3}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/src/web/styles/material-symbols-subset.woff2"

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

echo "==> Fetching $PKG via npm pack"
( cd "$TMP" && npm pack "$PKG" --silent >/dev/null && tar xzf ./*.tgz )
SRC="$(ls "$TMP"/package/material-symbols-outlined.woff2 2>/dev/null || ls "$TMP"/package/*utlined*.woff2 | head -1)"
echo "    source: $SRC ($(stat -c %s "$SRC") bytes), version $(node -p "require('$TMP/package/package.json').version")"

echo "==> Pinning variable axes to defaults (FILL=0 wght=400 GRAD=0 opsz=24)"
"$PY" -m fontTools.varLib.instancer "$SRC" \
  FILL=0 wght=400 GRAD=0 opsz=24 -o "$TMP/static.ttf" -q

echo "==> Pruning GSUB ligatures to exactly the listed icon names"
# pyftsubset keeps every ligature whose letters are all present, and with
# a-z + _ present that is nearly the whole font. Drop the other ligatures first.
"$PY" - "$TMP/static.ttf" "$TMP/pruned.ttf" "${ICONS[@]}" <<'PYEOF'
import sys
from fontTools.ttLib import TTFont
src, dst, names = sys.argv[1], sys.argv[2], sys.argv[3:]
f = TTFont(src)
cmap = f.getBestCmap()
wanted = {tuple(cmap[ord(c)] for c in n) for n in names}
kept = 0
for lookup in f["GSUB"].table.LookupList.Lookup:
    for st in lookup.SubTable:
        st = getattr(st, "ExtSubTable", st)
        if getattr(st, "LookupType", None) != 4:
            continue
        new = {}
        for first, lst in st.ligatures.items():
            keep = [l for l in lst if tuple([first] + list(l.Component)) in wanted]
            if keep:
                new[first] = keep
                kept += len(keep)
        st.ligatures = new
print(f"    kept {kept} ligature(s) for {len(names)} names")
f.save(dst)
PYEOF

TEXT="$(printf '%s ' "${ICONS[@]}")"
echo "==> Subsetting to ${#ICONS[@]} icons"
"$PY" -m fontTools.subset "$TMP/pruned.ttf" \
  --text="$TEXT" \
  --layout-features='*' \
  --flavor=woff2 \
  --no-hinting \
  --desubroutinize \
  --name-IDs='*' \
  --output-file="$OUT"

echo "==> Verifying ligatures"
"$PY" - "$OUT" "${ICONS[@]}" <<'PYEOF'
import sys
from fontTools.ttLib import TTFont
path, names = sys.argv[1], sys.argv[2:]
f = TTFont(path)
cmap = f.getBestCmap()
ligs = {}
for lookup in f["GSUB"].table.LookupList.Lookup:
    for st in lookup.SubTable:
        st = getattr(st, "ExtSubTable", st)  # unwrap Extension (type 7)
        if getattr(st, "LookupType", None) != 4:
            continue
        for first, lst in st.ligatures.items():
            for lig in lst:
                ligs[tuple([first] + list(lig.Component))] = lig.LigGlyph
missing = []
for n in names:
    try:
        seq = tuple(cmap[ord(c)] for c in n)
    except KeyError:
        missing.append(n); continue
    if seq not in ligs:
        missing.append(n)
if missing:
    sys.exit("Missing ligatures: " + ", ".join(missing))
print(f"    all {len(names)} ligatures present; {len(f.getGlyphOrder())} glyphs")
PYEOF

echo "==> Wrote $OUT ($(stat -c %s "$OUT") bytes)"
