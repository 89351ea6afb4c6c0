#!/usr/bin/env bash
# Follows docs/writing-a-plugin.md word for word: installs this build into a temporary
# PREFIX, writes every file the guide gives in full (a line "File `PATH`:" and the fenced
# block after it), runs the one shell block under "## Build and run it" that uses $PREFIX,
# in the folder the guide names, and checks what the guide says the run writes.
#   follow_guide.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
source_dir=$1
build_dir=$2
guide="$source_dir/docs/writing-a-plugin.md"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PREFIX="$work/prefix"
cmake --install "$build_dir" --prefix "$PREFIX" >/dev/null
cd "$work"
# The files and the commands, cut out of the guide.
python3 - "$guide" "$work" <<'PY'
import pathlib, re, sys
guide, work = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
lines = guide.read_text().split("\n")
files, commands, section = 0, None, ""
i = 0
while i < len(lines):
    line = lines[i]
    if line.startswith("## "):
        section = line
    named = re.search(r"File `([^`]+)`:$", line)
    if (named or line.startswith("```sh")) and i + 1 < len(lines):
        fence = i
        if named:  # the next line that is not blank opens the file's block
            fence = i + 1
            while fence < len(lines) and not lines[fence].strip():
                fence += 1
            if fence == len(lines) or not lines[fence].startswith("```"):
                sys.exit(f"follow_guide: 'File `{named.group(1)}`:' is not followed by a code block")
        start = fence + 1
        end = lines.index("```", start)
        body = "\n".join(lines[start:end]) + "\n"
        if named:
            path = work / named.group(1)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(body)
            files += 1
        elif section == "## Build and run it" and "$PREFIX" in body and commands is None:
            commands = body
        i = end
    i += 1
if files < 3 or commands is None:
    sys.exit(f"follow_guide: the guide gives {files} files and "
             f"{'no' if commands is None else 'a'} command block with $PREFIX")
(work / "commands.sh").write_text("set -euo pipefail\n" + commands)
PY
cd "$work/normalised_step"
bash ../commands.sh >"$work/out.txt" 2>"$work/err.txt" || {
  echo "follow_guide: the guide's commands failed:"; cat "$work/out.txt" "$work/err.txt"; exit 1; }
status=0
fail() { echo "follow_guide: $*"; status=1; }
grep -q '^normalised_step ' "$work/out.txt" || fail "plab plugins does not list normalised_step"
runs=results/runs.jsonl
[ -f "$runs" ] || { fail "no results/runs.jsonl"; exit 1; }
[ "$(wc -l <"$runs")" -eq 20 ] || fail "results/runs.jsonl has $(wc -l <"$runs") records, not 20"
[ "$(grep -c '"learner":"normalised","plugin":"normalised_step"' "$runs")" -eq 10 ] ||
  fail "not 10 records of learner normalised (plugin normalised_step)"
[ "$(grep -c '"status":"converged"' "$runs")" -eq 20 ] || fail "not every run converged"
[ $status -eq 0 ] && echo "follow_guide: docs/writing-a-plugin.md built, listed and ran normalised_step"
exit $status
