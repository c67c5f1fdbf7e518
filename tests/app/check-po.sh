#!/bin/sh
# Every translatable string of the explorer has a translation in every language of
# po/LINGUAS (none missing, none untranslated, none fuzzy), and each catalogue compiles.
#   check-po.sh SOURCE_DIR WORK_DIR
set -eu
src=$1
work=$2
mkdir -p "$work"
pot="$work/check.pot"
grep -v '^#' "$src/po/POTFILES.in" | grep -v '^$' > "$work/POTFILES"
xgettext --files-from="$work/POTFILES" --directory="$src" --output="$pot" \
  --from-code=UTF-8 --add-comments=TRANSLATORS --keyword=_ --keyword=N_ \
  --keyword=C_:1c,2 --keyword=NC_:1c,2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
  --keyword=Title --keyword=Text --keyword=Description
echo "1..$(grep -cv '^$' "$src/po/LINGUAS")"
i=0
status=0
for lang in $(cat "$src/po/LINGUAS"); do
  i=$((i + 1))
  po="$src/po/$lang.po"
  if msgfmt --check --output-file="$work/$lang.mo" "$po" 2> "$work/$lang.msgfmt" \
     && msgcmp "$po" "$pot" 2> "$work/$lang.msgcmp"; then
    echo "ok $i $lang: $(msgfmt --statistics --output-file="$work/$lang.mo" "$po" 2>&1)"
  else
    echo "not ok $i $lang"
    sed 's/^/# /' "$work/$lang.msgfmt" "$work/$lang.msgcmp" | head -40
    status=1
  fi
done
exit $status
