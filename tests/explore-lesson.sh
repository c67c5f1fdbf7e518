#!/usr/bin/env bash
# `lesc explore --lesson FILE` in tmux (a private server, 100 × 30): the shipped lesson's box
# shows each of the nine steps in turn with its title (n), and b goes back; each step ticks
# what it says in the side panel and shows its view (the Measures table in step 8, the Correlations view in step 6); x leaves
# the lesson and the ticks are as before; q then saves the user's state, not the lesson's;
# a bad lesson file is refused before the screen with one line naming the file and the step.
#   explore-lesson.sh LESC LESSON
set -u
lesc=$(realpath "$1") lesson=$(realpath "$2")
command -v tmux >/dev/null || { echo "tmux is not installed: skipped"; exit 77; }
tmp=$(mktemp -d)
sock=$tmp/tmux.sock
trap 'tmux -S "$sock" kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
export LC_ALL=C.UTF-8
unset LANGUAGE   # the English titles
mkdir -p "$tmp/cfg/lesc-explorer"
# no runs: the test is about the state the steps set, not about the methods
printf '[settings]\nauto-run=false\n' > "$tmp/cfg/lesc-explorer/session.ini"
failed=0
fail() { echo "FAIL: $*"; failed=1; }
screen() { tmux -S "$sock" capture-pane -p -t x; }
wait_for() {   # TEXT: up to 20 s
  for _ in $(seq 100); do screen | grep -qF -- "$1" && return 0; sleep 0.2; done
  fail "'$1' not on the screen:"; screen; return 1
}
panel_ticks() { screen | grep -o '\[x\] [A-Za-z]*' | sed 's/\[x\] //' | tr '\n' ' '; }

tmux -S "$sock" new-session -d -x 100 -y 30 -n x \
  "env XDG_CONFIG_HOME=$tmp/cfg $lesc explore --results $tmp/store.sqlite --lesson $lesson; echo EXIT=\$?; sleep 60"
mapfile -t titles < <(sed -n '/^\[Step /,$s/^Title=//p' "$lesson")
[ ${#titles[@]} -eq 9 ] || fail "the lesson has ${#titles[@]} step titles, not 9"
# what each step ticks, written out here
ticks=("" "" "KM " "GLLE " "GLLE LESC " "GLLE LESC " "GLLE LESC gLESC " "KM GLLE LESC gLESC " "GLLE ")
for i in $(seq 0 8); do
  [ "$i" -gt 0 ] && tmux -S "$sock" send-keys -t x n
  wait_for "Step $((i + 1)) of 9 · ${titles[$i]}" || continue
  [ "$i" -eq 5 ] && { screen | grep -qF "Sample correlations" || fail "step 6 does not show the Correlations view"; }
  got=$(panel_ticks)
  [ "$got" = "${ticks[$i]}" ] || fail "step $((i + 1)): ticked '$got', expected '${ticks[$i]}'"
done
# step 8 showed the Measures view: go back to it
tmux -S "$sock" send-keys -t x b
wait_for "Step 8 of 9 · ${titles[7]}"
screen | grep -qF "Rank among the rows" || fail "step 8 does not show the Measures view"
screen | grep -qF "the Comparison view" || fail "step 8 does not point at the Comparison view"
tmux -S "$sock" send-keys -t x x
wait_for "Left the lesson"
[ -z "$(panel_ticks)" ] || fail "after leaving, ticked: $(panel_ticks)"
screen | grep -qF "Step 8 of 9" && fail "the lesson box is still there after x"
tmux -S "$sock" send-keys -t x q
wait_for "EXIT=0"
grep -q 'ticked=true' "$tmp/cfg/lesc-explorer/session.ini" && fail "the memory kept the lesson's ticks"
grep -q 'auto-run=false' "$tmp/cfg/lesc-explorer/session.ini" || fail "the memory lost auto-run=false"
tmux -S "$sock" kill-server
sock=$tmp/tmux2.sock   # a new server: the old one may still be going away

# a bad lesson: one line naming the file and the step, before the screen is taken
printf '[Lesson]\nTitle=Bad\n[Step 1]\nTitle=One\nText=Words.\n[Step 2]\nTitle=Two\nText=More.\nMethods=glle,foo\n' > "$tmp/bad.lesson"
tmux -S "$sock" new-session -d -x 100 -y 30 -n x \
  "env XDG_CONFIG_HOME=$tmp/cfg $lesc explore --lesson $tmp/bad.lesson 2>$tmp/err; echo EXIT=\$?; sleep 60"
wait_for "EXIT="
screen | grep -q "EXIT=0" && fail "a bad lesson started the explorer"
[ "$(wc -l < "$tmp/err")" -eq 1 ] || { fail "not one line on stderr:"; cat "$tmp/err"; }
grep -qF "$tmp/bad.lesson: step 2: unknown method 'foo'" "$tmp/err" || { fail "the message:"; cat "$tmp/err"; }
[ $failed -eq 0 ] && echo "the lesson walked its nine steps, left, and a bad file was refused"
exit $failed
