# The git commit and dirty flag that `plab --version` and every manifest.json name, taken from
# the source tree at each build, not at configure time: after a `git pull` and a rebuild
# without re-configuring, a stamp taken at configure time would name the old commit.
#
# Run by the build (framework/CMakeLists.txt, target plab_git_stamp) before the engine
# compiles, as
#   cmake -DSOURCE_DIR=<project source> -DOUTPUT=<file.cpp> [-DGIT=<git>] -P GitCommitStamp.cmake
# It writes OUTPUT only when its content changes, so a build with nothing new recompiles and
# relinks nothing.
#
# The commit is empty (plab says "unknown", the manifest null) when git is missing or fails,
# or when the git work tree found is not this project's: the sources unpacked from an archive
# inside some other checkout would otherwise be stamped with that checkout's commit. The tree
# counts as dirty when a tracked file differs from the commit, or when git cannot say.

foreach(input IN ITEMS SOURCE_DIR OUTPUT)
  if(NOT ${input})
    message(FATAL_ERROR "GitCommitStamp.cmake needs -D${input}=...")
  endif()
endforeach()

set(commit "")
set(dirty false)
if(GIT)
  execute_process(COMMAND ${GIT} -C ${SOURCE_DIR} ls-files --error-unmatch -- CMakeLists.txt
                  RESULT_VARIABLE not_tracked OUTPUT_QUIET ERROR_QUIET)
  if(NOT not_tracked)
    execute_process(COMMAND ${GIT} -C ${SOURCE_DIR} rev-parse --verify HEAD
                    OUTPUT_VARIABLE head OUTPUT_STRIP_TRAILING_WHITESPACE
                    RESULT_VARIABLE no_head ERROR_QUIET)
    if(NOT no_head AND head MATCHES "^[0-9a-f]+$")
      set(commit "${head}")
      # --no-optional-locks: the status is read without refreshing the index, so a build
      # never holds .git/index.lock while the user runs git.
      execute_process(COMMAND ${GIT} --no-optional-locks -C ${SOURCE_DIR} status --porcelain
                              --untracked-files=no
                      OUTPUT_VARIABLE changes RESULT_VARIABLE status_failed ERROR_QUIET)
      if(status_failed OR NOT changes STREQUAL "")
        set(dirty true)
      endif()
    endif()
  endif()
endif()

set(text "// Written at every build by cmake/GitCommitStamp.cmake: the commit of the sources built.
#include \"build_info.hpp\"

namespace plab::build_info {

const char* const kGitCommit = \"${commit}\";
const bool kGitDirty = ${dirty};

}  // namespace plab::build_info
")
file(WRITE "${OUTPUT}.new" "${text}")
file(COPY_FILE "${OUTPUT}.new" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.new")
