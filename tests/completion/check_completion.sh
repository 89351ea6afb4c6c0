#!/usr/bin/env bash
# The bash completion offers every subcommand `plab --help` lists, a subcommand's options,
# the plugin names for describe and config files for run; the man page built from the help
# has a section for every subcommand.
#   check_completion.sh SOURCE_DIR PLAB_BINARY MAN_PAGE
set -uo pipefail
source_dir=$1
plab=$2
man_page=$3
status=0
fail() { echo "check_completion: $*"; status=1; }
# shellcheck source=/dev/null
source "$source_dir/share/plab.bash-completion"
complete_words() {  # the words after plab; the last is the one being completed
  COMP_WORDS=("$plab" "$@")
  COMP_CWORD=$#
  COMPREPLY=()
  _plab
  printf '%s\n' "${COMPREPLY[@]}"
}
commands=$("$plab" --help | awk '/^commands:/ {on = 1; next} on && /^$/ {exit} on && /^  [a-z]/ {print $1}' | sort -u)
[ -n "$commands" ] || fail "plab --help lists no subcommand"
offered=$(complete_words "")
for c in $commands; do
  grep -qx "$c" <<<"$offered" || fail "'plab <TAB>' does not offer the subcommand $c (offered: $(echo $offered))"
done
[ "$(complete_words "de")" = "describe" ] || fail "'plab de<TAB>' does not complete to describe"
grep -qx -- "--threads" <<<"$(complete_words run --thr)" || fail "'plab run --thr<TAB>' does not offer --threads"
grep -qx -- "--labels" <<<"$(complete_words convert --lab)" || fail "'plab convert --lab<TAB>' does not offer --labels"
grep -qx "perceptron" <<<"$(complete_words describe perc)" || fail "'plab describe perc<TAB>' does not offer the plugin perceptron"
cd "$source_dir" || exit 1
grep -qx "configs/quickstart.json" <<<"$(complete_words run configs/quick)" || fail "'plab run configs/quick<TAB>' does not offer configs/quickstart.json"
# The man page: one section per subcommand, and each subcommand's options.
[ -s "$man_page" ] || fail "no man page at $man_page"
for c in $commands; do
  grep -qx "\\.SS plab $c" "$man_page" || fail "the man page has no section for plab $c"
done
grep -q 'usage: plab run CONFIG' "$man_page" || fail "the man page lacks plab run's help"
if command -v man >/dev/null; then
  MANWIDTH=100 man -l "$man_page" 2>&1 | grep -q "plab convert" || fail "man -l cannot render the page"
fi
[ $status -eq 0 ] && echo "check_completion: completion and man page cover $(echo $commands | wc -w) subcommands"
exit $status
