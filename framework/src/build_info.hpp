// How this plab was built, for `plab --version` and manifest.json. Filled in by CMake: the git
// commit and dirty flag at every build (cmake/GitCommitStamp.cmake), the rest at configure time.
#pragma once

namespace plab::build_info {

extern const char* const kVersion;
extern const char* const kGitCommit;  // "" when not built from a git checkout of plab
extern const bool kGitDirty;          // a tracked file differed from that commit
extern const char* const kBuildType;
extern const char* const kCompiler;
extern const char* const kCxxFlags;
extern const char* const kBoostVersion;

}  // namespace plab::build_info
