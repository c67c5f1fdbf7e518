#!/bin/bash
# The bash completion (data/completions/lesc) against the built lesc (TAP): bash with the
# completion sourced, COMP_WORDS/COMP_CWORD set as bash sets them (a word split at '='),
# _lesc called, COMPREPLY checked. Numbers complete nothing, choices their values, -m M the
# options of M and the common ones, data set names only where a data set goes.
# Usage: completion.sh LESC SOURCE_ROOT
set -uo pipefail
LESC=$1
SRC=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
mkdir -p data other sub
: >data/sjaffe.mat; : >data/yeast-alpha.csv; : >other/movie.mat
: >truth.csv; : >notes.txt
unset LESC_DATA_DIR
# shellcheck source=/dev/null
. "$SRC/data/completions/lesc"
n=0 failed=0

# complete WORD… : the sorted COMPREPLY for the last word (may be empty)
complete_words() {
  COMP_WORDS=("$LESC" "$@")
  COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
  COMPREPLY=()
  _lesc
  printf '%s\n' "${COMPREPLY[@]}" | sed '/^$/d' | sort
}
# expect NAME WANT WORD… : COMPREPLY equals WANT (space-separated, any order)
expect() {
  local name=$1 want got; want=$(tr ' ' '\n' <<<"$2" | sed '/^$/d' | sort); shift 2
  got=$(complete_words "$@")
  n=$((n + 1))
  if [ "$got" = "$want" ]; then
    echo "ok $n - $name"
  else
    echo "not ok $n - $name"; failed=1
    echo "# lesc $*<TAB>"; diff <(echo "$want") <(echo "$got") | sed 's/^/# /'
  fi
}
# has NAME 'IN…' 'OUT…' WORD… : COMPREPLY holds every word of IN and none of OUT
has() {
  local name=$1 in=$2 out=$3 got w bad=; shift 3
  got=$(complete_words "$@")
  for w in $in; do grep -qxF -- "$w" <<<"$got" || bad+=" missing:$w"; done
  for w in $out; do grep -qxF -- "$w" <<<"$got" && bad+=" unwanted:$w"; done
  n=$((n + 1))
  if [ -z "$bad" ] && [ -n "$got" ]; then
    echo "ok $n - $name"
  else
    echo "not ok $n - $name:$bad"; failed=1
    echo "# lesc $*<TAB> → $(tr '\n' ' ' <<<"$got")"
  fi
}

echo "1..25"
has "commands" "recover explore table merge --help" "artificial" ""
expect "a number (--lambda1) completes nothing, not data set names" "" \
  recover artificial --lambda1 ""
LESC_DATA_DIR=$work/data expect "a number completes nothing with a data folder either" "" \
  recover --lambda1 1
expect "--lambda1=<TAB> (split at '=') completes nothing" "" recover --lambda1 = ""
expect "an integer (--folds) completes nothing" "" recover --folds ""
expect "--graphics: its values" "auto symbols ascii sixel kitty" explore --graphics ""
expect "-g s: the values starting with s" "sixel symbols" explore -g s
expect "--graphics=<TAB> (split at '=')" "auto symbols ascii sixel kitty" explore --graphics = ""
expect "table --format: text, csv, json, latex" "text csv json latex" table --format ""
expect "--method: the method names" "fcm km lp ml glle lesc glesc" recover --method ""
expect "--methods glle,l: the next item of the list" "glle,lesc glle,lp" table --methods glle,l
has "-m glesc --: gLESC's options and the common ones" \
  "--lambda1 --lambda2 --tensor-fft --odd-n-double-shrink --c-orientation --variant --seed --data-dir --format --help" \
  "--k --sigma --clusters --beta --eta --alpha --neighbours --flavour" recover -m glesc --
has "-m glle --: GLLE's options, not LESC's or the baselines'" \
  "--lambda1 --k --sigma --variant --save-model --trace" \
  "--lambda2 --tensor-fft --c-orientation --clusters --flavour" recover -m glle --
has "--method=fcm --: FCM's options" "--clusters --beta --flavour --seed" \
  "--lambda1 --k --variant --save-model --trace --eta" recover --method = fcm --
has "without -m: every method's options" "--lambda1 --lambda2 --k --clusters --flavour --tensor-fft" "" \
  recover --
has "table -m fcm,km --: the baselines' switches, not gLESC's" "--flavour --tune --results" \
  "--tensor-fft --variant --c-orientation" table -m fcm,km --
LESC_DATA_DIR=$work/data has "DATA: artificial and the names of \$LESC_DATA_DIR" \
  "artificial sjaffe yeast-alpha data other sub truth.csv" "notes.txt movie" recover ""
LESC_DATA_DIR=$work/data has "DATA with -D: the names of that folder" "artificial movie" \
  "sjaffe yeast-alpha" recover -D other ""
has "eval TRUTH RECOVERED: files, no data set names" "truth.csv notes.txt" "artificial" eval ""
expect "runs takes no argument: nothing" "" runs ""
has "plot: its figures" "scatter heatmap cd" "" plot ""
expect "plot heatmap --palette: the palettes" "viridis cividis gray" plot heatmap --palette ""
expect "table --select-by: the measures and average-rank" \
  "cheb clark canber kl cosine intersec average-rank" table --select-by ""
expect "--data-dir: folders only" "data other sub" recover --data-dir ""
has "-o: file names" "truth.csv notes.txt data" "artificial" recover -o ""
exit $failed
