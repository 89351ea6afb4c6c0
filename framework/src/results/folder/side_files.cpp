#include "results/folder/side_files.hpp"

#include "base/input_file.hpp"
#include "results/folder/record_digest.hpp"

namespace plab {

void refuse_irregular_side_files(const std::filesystem::path& dir) {
  for (const char* name : {kDigestFileName, "timings.jsonl", "trajectory.jsonl"})
    refuse_irregular_input(dir / name);
}

}  // namespace plab
