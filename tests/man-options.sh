#!/bin/bash
# The man pages against the programs (TAP): every option a page lists — in OPTIONS and in
# each "lesc COMMAND" subsection — is accepted by its program: `PROGRAM [COMMAND] OPTION…
# --help` (OPTION=1 when the page shows a value; all options of a subsection at once, then
# one by one when that fails) parses the options and stops at --help with status 0 and
# the usage, doing no work. An option the program lacks fails the same way
# (checked with a made-up one per page). Also: the KEYS sections hold every key the
# programs print, the explorer's page shows FILE and no --data-dir, and SEE ALSO names the
# other program, not the page's own.
# Usage: man-options.sh MAN_DIR LESC [LESC_EXPLORER]
set -uo pipefail
MAN_DIR=$1 LESC=$2 EXPLORER=${3:-}
export LC_ALL=C.UTF-8 MANWIDTH=200
unset LANGUAGE   # the programs print English, as when the pages were made
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
n=0 failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); echo "not ok $n - $1"; failed=1; }
comment() { sed 's/^/# /'; }

# "COMMAND<TAB>OPTION<TAB>VALUE?" for every option line of a page rendered as plain text;
# COMMAND is the subsection's ("lesc plot scatter" → "plot scatter"), empty in OPTIONS.
page_options() {
  local prog=$1 page=$2
  man -l "$page" 2>"$work/man.err" | col -bx | awk -v prog="$prog" '
    /^[A-Z]/ { section = $0; cmd = ""; next }
    section == "COMMAND OPTIONS" && $0 ~ "^   " prog " " {
      cmd = substr($0, 4 + length(prog) + 1); sub(/ +$/, "", cmd); next }
    section != "DESCRIPTION" && section != "OPTIONS" && section != "COMMAND OPTIONS" { next }
    match($0, /^ +(-[A-Za-z0-9], )?--[a-z0-9][a-z0-9-]*(=[^ ]+)?(  |$)/) {
      opt = substr($0, RSTART, RLENGTH); sub(/^ +(-[A-Za-z0-9], )?/, "", opt); sub(/ +$/, "", opt)
      value = ""
      if (index(opt, "=")) { value = substr(opt, index(opt, "=") + 1); opt = substr(opt, 1, index(opt, "=") - 1) }
      print cmd "\t" opt "\t" value }'
}

# PROGRAM [COMMAND…] OPTION[=1]… --help: accepted when it exits 0 and prints the usage
# (GOption reads every option before it, and stops at --help)
accepts() {
  local prog=$1 cmd=$2; shift 2
  local -a words=()
  [ -n "$cmd" ] && read -ra words <<<"$cmd"
  "$prog" "${words[@]}" "$@" --help >"$work/out" 2>"$work/err" && grep -q '^Usage' "$work/out"
}

# the options of one subsection: all in one run, and one by one when that fails (to name
# the one refused); prints the refused ones
check_command() {
  local prog=$1 cmd=$2 opt value
  local -a args=()
  while IFS=$'\t' read -r opt value; do
    [ "$opt" = --help ] && continue
    args+=("$opt${value:+=1}")
  done
  accepts "$prog" "$cmd" "${args[@]}" && return 0
  for opt in "${args[@]}"; do
    if ! accepts "$prog" "$cmd" "$opt"; then
      echo "$cmd $opt"; comment <"$work/err" | head -2 >&2
    fi
  done
}

check_page() {
  local prog=$1 page=$2 base
  base=$(basename "$prog")
  if [ ! -s "$page" ]; then
    not_ok "$base: no man page $page"; return
  fi
  page_options "$base" "$page" >"$work/options"
  local total bad=0 cmd
  total=$(wc -l <"$work/options")
  : >"$work/refused"
  while read -r cmd; do
    awk -F'\t' -v c="$cmd" '$1 == c { print $2 "\t" $3 }' "$work/options" \
      | check_command "$prog" "$cmd" >>"$work/refused"
  done < <(cut -f1 "$work/options" | sort -u)
  bad=$(grep -c . "$work/refused")
  sed "s|^|# $base |; s|\$| --help: not accepted|" "$work/refused"
  if [ "$total" -ge "${3:-1}" ] && [ $bad -eq 0 ]; then
    ok "$base: all $total options of its man page are accepted ($(cut -f1 "$work/options" | sort -u | grep -c .) command subsections)"
  else
    not_ok "$base: $bad of $total options of its man page not accepted (want at least ${3:-1})"
  fi
  # the check can fail: an option the program lacks
  if accepts "$prog" "$(head -1 "$work/options" | cut -f1)" --no-such-option-in-man; then
    not_ok "$base: a made-up option is accepted too (the check cannot fail)"
  else
    ok "$base: a made-up option is refused"
  fi
}

# KEYS: one .TP entry per key line the program prints ("  KEY  WHAT"), same keys in order
check_keys() {
  local base=$1 page=$2 title=$3; shift 3
  local printed listed
  printed=$("$@" | sed -n 's/^  \(.*[^ ]\)\?  \+\(.*\)$/\1/p' | sed 's/ *$//')
  listed=$(awk -v t="$title" '
    /^\.SH/ { h = toupper($0); in_keys = (h == toupper(".SH \"" t "\"") || h == toupper(".SH " t)); next }
    in_keys && prev == ".TP" { k = $0; sub(/^\.B /, "", k); if (k == "\\&") k = ""; print k }
    { prev = $0 }' "$page")
  if [ -n "$printed" ] && [ "$printed" = "$listed" ]; then
    ok "$base: the page's $title lists the $(grep -c . <<<"$printed") keys that '$*' prints"
  else
    diff <(echo "$printed") <(echo "$listed") | head | comment
    not_ok "$base: $title of the page differs from the program's keys"
  fi
}

echo "1..$([ -n "$EXPLORER" ] && echo 12 || echo 5)"
check_page "$LESC" "$MAN_DIR/lesc.1" 100
check_keys lesc "$MAN_DIR/lesc.1" "KEYS OF lesc explore" "$LESC" explore --keys
# the printers print the tables the programs use: the five views by number, the global keys
keys=$("$LESC" explore --keys)
views=$(sed -n '/^Views$/,/^[^ ]/s/^  \([1-5]\)  *\(.*\)$/\1 \2/p' <<<"$keys" | tr '\n' ,)
if [ "$views" = "1 Distributions,2 Measures,3 Sensitivity,4 Comparison,5 Cross-validation," ] \
   && grep -q '^  r  *run the ticked methods now$' <<<"$keys" \
   && grep -q '^  Esc  *cancel the running work$' <<<"$keys"; then
  ok "lesc explore --keys: the five views by number, r runs, Esc cancels"
else
  comment <<<"$keys"; not_ok "lesc explore --keys"
fi
if grep -q 'lesc-explorer(1)' "$MAN_DIR/lesc.1" && ! grep -q '^lesc(1)' "$MAN_DIR/lesc.1"; then
  ok "lesc: SEE ALSO names lesc-explorer(1), not lesc(1)"
else
  not_ok "lesc: SEE ALSO"
fi
if [ -n "$EXPLORER" ]; then
  page=$MAN_DIR/lesc-explorer.1
  check_page "$EXPLORER" "$page" 4
  check_keys lesc-explorer "$page" KEYS "$EXPLORER" --help-keys
  keys=$("$EXPLORER" --help-keys)
  if grep -q '^  Ctrl+R, F5  *Run the ticked methods$' <<<"$keys" \
     && grep -q '^  Alt+7  *λ Strip$' <<<"$keys" && grep -q '^  Ctrl+Q  *Quit$' <<<"$keys" \
     && grep -q '^  Alt+Right  *The next step$' <<<"$keys" && grep -q '^  F11  *Full screen on or off$' <<<"$keys" \
     && [ "$(grep -c '^[^ ]' <<<"$keys")" -eq 6 ]; then
    ok "lesc-explorer --help-keys: six groups; Ctrl+R/F5 run, Alt+7 the λ strip, Alt+Right a lesson's next step, F11 full screen, Ctrl+Q quits"
  else
    comment <<<"$keys"; not_ok "lesc-explorer --help-keys"
  fi
  text=$(man -l "$page" | col -bx)
  see_also=$(sed -n '/^SEE ALSO/,/^[A-Z]/p' <<<"$text")
  if grep -q 'lesc(1)' <<<"$see_also" && ! grep -q 'lesc-explorer(1)' <<<"$see_also"; then
    ok "lesc-explorer: SEE ALSO names lesc(1), not lesc-explorer(1)"
  else
    comment <<<"$see_also"; not_ok "lesc-explorer: SEE ALSO"
  fi
  if sed -n '/^SYNOPSIS/,/^[A-Z]/p' <<<"$text" | grep -q 'lesc-explorer \[OPTION…\] \[FILE\]' \
     && ! grep -q -- '--data-dir' "$page"; then
    ok "lesc-explorer: SYNOPSIS shows [FILE]; no --data-dir"
  else
    sed -n '/^SYNOPSIS/,/^[A-Z]/p' <<<"$text" | comment; not_ok "lesc-explorer: FILE and --data-dir"
  fi
  views=$(sed -n '/^   Views$/,/^   [A-Z]/p' <<<"$text" | grep -c 'Alt+[1-7]')
  if [ "$views" -eq 7 ]; then
    ok "lesc-explorer: the page lists the seven views with their keys"
  else
    not_ok "lesc-explorer: $views views with keys, want 7"
  fi
fi
exit $failed
