#!/bin/sh
# Regenerate the example figures in docs/ with the built `lesc`:
#   docs/make-figures.sh [path/to/lesc]     (default: build/src/cli/lesc)
# The ground-truth scatter of the built-in artificial set, a sensitivity heatmap of a
# small synthetic grid, and the CD diagram of the paper's Table 3 subset.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
lesc=${1:-"$root/build/src/cli/lesc"}
reference="$root/tests/reference/paper-table3-subset.csv"
[ -x "$lesc" ] || { echo "make-figures: $lesc not found; build first (ninja -C build)" >&2; exit 1; }

"$lesc" plot scatter artificial --dpi 150 -o "$here/scatter-artificial.png"

# A synthetic λ₁ × λ₂ grid (Cheb-like values, one minimum at λ₁ = 0.1, λ₂ = 1, a missing cell).
grid=$(mktemp "${TMPDIR:-/tmp}/lesc-grid-XXXXXX.csv")
trap 'rm -f "$grid"' EXIT
awk 'BEGIN {
  printf "lambda1\\lambda2";
  for (j = -4; j <= 3; j++) printf ",1e%d", j;
  printf "\n";
  for (i = -4; i <= 3; i++) {
    printf "1e%d", i;
    for (j = -4; j <= 3; j++) {
      v = 0.055 + 0.0035 * (i + 1) ^ 2 + 0.0016 * j ^ 2 + (i >= 2 ? 0.025 * (i - 1) : 0);
      if (i == 3 && j == 3) printf ","; else printf ",%.4f", v;
    }
    printf "\n";
  }
}' > "$grid"
"$lesc" plot heatmap "$grid" --measure cheb --title "Synthetic grid (example)" --dpi 150 \
  -o "$here/heatmap-example.png"

"$lesc" plot cd "$reference" --measure cosine --dpi 150 -o "$here/cd-paper-table3.png"
ls -l "$here"/*.png
