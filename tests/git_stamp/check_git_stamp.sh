#!/usr/bin/env bash
# cmake/GitCommitStamp.cmake on throwaway git repositories: the stamp follows a new commit
# and an edit made after the first build (what configure-time stamping got wrong), is left
# untouched (same modification time) when nothing changed, and is empty outside a checkout
# and for sources that lie untracked inside another project's checkout.
#   check_git_stamp.sh SOURCE_DIR [CMAKE]
set -euo pipefail
script=$1/cmake/GitCommitStamp.cmake
cmake=${2:-cmake}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git=(git -c user.name=plab-test -c user.email=plab-test@example.invalid -c init.defaultBranch=main
     -c commit.gpgsign=false)
status=0

stamp() {  # stamp SOURCE_DIR OUTPUT
  "$cmake" -DSOURCE_DIR="$1" -DOUTPUT="$2" -DGIT="$(command -v git)" -P "$script"
}
expect() {  # expect OUTPUT COMMIT DIRTY WHAT
  local want_commit="const char* const kGitCommit = \"$2\";"
  local want_dirty="const bool kGitDirty = $3;"
  if ! grep -qxF "$want_commit" "$1" || ! grep -qxF "$want_dirty" "$1"; then
    echo "check_git_stamp: $4: wanted commit '$2' and dirty $3; the stamp says:"
    cat "$1"
    status=1
  fi
}

repo=$work/repo
mkdir "$repo"
"${git[@]}" -C "$repo" init -q
echo 'project(x)' >"$repo/CMakeLists.txt"
echo one >"$repo/notes.txt"
"${git[@]}" -C "$repo" add CMakeLists.txt notes.txt
"${git[@]}" -C "$repo" commit -qm one
out=$work/stamp.cpp
stamp "$repo" "$out"
expect "$out" "$(git -C "$repo" rev-parse HEAD)" false "a clean checkout"

# Nothing changed: the file keeps its bytes and its time, so the engine is not rebuilt.
touch -d '2001-01-01 00:00:00' "$out"
before=$(stat -c %Y "$out")
stamp "$repo" "$out"
if [[ $(stat -c %Y "$out") != "$before" ]]; then
  echo "check_git_stamp: the stamp was rewritten though the commit and the tree were the same"
  status=1
fi

# A tracked file edited after that build: dirty. An untracked file alone is not.
echo two >"$repo/notes.txt"
stamp "$repo" "$out"
expect "$out" "$(git -C "$repo" rev-parse HEAD)" true "a tracked file edited"
"${git[@]}" -C "$repo" checkout -q notes.txt
echo new >"$repo/untracked.txt"
stamp "$repo" "$out"
expect "$out" "$(git -C "$repo" rev-parse HEAD)" false "an untracked file only"

# A new commit (a pull) without re-configuring: the next build names it.
first=$(git -C "$repo" rev-parse HEAD)
echo three >"$repo/notes.txt"
"${git[@]}" -C "$repo" commit -qam two
second=$(git -C "$repo" rev-parse HEAD)
[[ $first != "$second" ]] || { echo "check_git_stamp: the second commit is the first"; exit 1; }
stamp "$repo" "$out"
expect "$out" "$second" false "a new commit"

# Not a git checkout at all (an unpacked archive).
plain=$work/plain
mkdir "$plain"
echo 'project(x)' >"$plain/CMakeLists.txt"
stamp "$plain" "$out"
expect "$out" "" false "sources outside any checkout"

# Unpacked inside another project's checkout, untracked there: that commit is not theirs.
mkdir "$repo/unpacked"
echo 'project(y)' >"$repo/unpacked/CMakeLists.txt"
stamp "$repo/unpacked" "$out"
expect "$out" "" false "sources untracked inside another checkout"

# No git program: empty too.
"$cmake" -DSOURCE_DIR="$repo" -DOUTPUT="$out" -DGIT= -P "$script"
expect "$out" "" false "no git"

ls "$work"/stamp.cpp.* >/dev/null 2>&1 && { echo "check_git_stamp: a temporary file was left"; status=1; }
exit $status
