#include "results/folder/run_range.hpp"

#include <charconv>

#include "error.hpp"

namespace plab {

ShardSpec parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  ShardSpec s;
  const auto parse = [&](std::string_view part, std::size_t& out) {
    const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), out);
    return ec == std::errc() && end == part.data() + part.size() && !part.empty();
  };
  const std::string_view all(text);
  if (slash == std::string::npos || !parse(all.substr(0, slash), s.index) ||
      !parse(all.substr(slash + 1), s.count) || s.count == 0 || s.index >= s.count) {
    throw UsageError("--shard '" + text +
                     "' is not of the form I/N with 0 <= I < N (e.g. --shard "
                     "0/4 ... --shard 3/4)");
  }
  // More shards than runs is fine (the extra shards are empty); a count past any possible
  // number of runs is a typo.
  if (s.count > kMaxShards) {
    throw UsageError("--shard '" + text + "' asks for " + std::to_string(s.count) +
                     " shards; plab takes at most " + std::to_string(kMaxShards) +
                     " (an experiment has at most that many runs)");
  }
  return s;
}

}  // namespace plab
