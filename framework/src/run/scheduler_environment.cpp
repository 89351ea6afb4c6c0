#include "run/scheduler_environment.hpp"

#include <charconv>
#include <cstdlib>
#include <optional>
#include <string_view>

#include "error.hpp"

namespace plab {

namespace {

constexpr const char* kGiveItPlainly = "; or give the slice plainly: --shard I/N";

std::optional<std::size_t> whole_number(std::string_view text) {
  std::size_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

[[noreturn]] void refuse_shard(const std::string& option, const std::string& why) {
  throw UsageError("--shard " + option + ": " + why);
}

// A variable that must be set and hold a whole number.
std::size_t number_variable(const std::string& option, const EnvironmentReader& env,
                            const char* name, const std::string& why_needed) {
  const char* value = env(name);
  if (value == nullptr) refuse_shard(option, std::string(name) + " is not set" + why_needed);
  const auto number = whole_number(value);
  if (!number) {
    refuse_shard(option,
                 std::string(name) + " is '" + value + "', not a whole number" + kGiveItPlainly);
  }
  return *number;
}

ShardSpec slurm_shard(const std::string& option, const EnvironmentReader& env,
                      std::optional<std::size_t> given_count) {
  const std::string needed =
      ", though SLURM_ARRAY_TASK_ID is: SLURM sets SLURM_ARRAY_TASK_MIN and "
      "SLURM_ARRAY_TASK_COUNT in every array task (since 15.08)" +
      std::string(kGiveItPlainly);
  const std::size_t id = number_variable(option, env, "SLURM_ARRAY_TASK_ID", "");
  const std::size_t min = number_variable(option, env, "SLURM_ARRAY_TASK_MIN", needed);
  const std::size_t count = number_variable(option, env, "SLURM_ARRAY_TASK_COUNT", needed);
  const std::string ids = "SLURM_ARRAY_TASK_ID " + std::to_string(id) + ", SLURM_ARRAY_TASK_MIN " +
                          std::to_string(min) + ", SLURM_ARRAY_TASK_COUNT " + std::to_string(count);
  if (const char* max_text = env("SLURM_ARRAY_TASK_MAX"); max_text != nullptr) {
    const auto max = whole_number(max_text);
    if (!max || *max < min || *max - min + 1 != count) {
      refuse_shard(option,
                   "the array is not one contiguous range of task ids (SLURM_ARRAY_TASK_MIN " +
                       std::to_string(min) + ", SLURM_ARRAY_TASK_MAX " + max_text +
                       ", SLURM_ARRAY_TASK_COUNT " + std::to_string(count) +
                       "): a step or a list (--array=0-15:2, --array=1,3,5) leaves slices "
                       "unrun; submit a range such as --array=0-" +
                       std::to_string(count == 0 ? 0 : count - 1) + kGiveItPlainly);
    }
  }
  if (count == 0 || id < min || id - min >= count) {
    refuse_shard(option, "the SLURM array variables are inconsistent (" + ids +
                             "): the task's place in the array, ID - MIN, must be below COUNT" +
                             kGiveItPlainly);
  }
  if (given_count && *given_count != count) {
    refuse_shard(option, "the SLURM array has " + std::to_string(count) + " tasks (" + ids +
                             "), not " + std::to_string(*given_count) +
                             "; write --shard auto to take the array's size" + kGiveItPlainly);
  }
  if (count > kMaxShards) {
    refuse_shard(option, "the SLURM array has " + std::to_string(count) +
                             " tasks; plab takes at most " + std::to_string(kMaxShards) +
                             " shards");
  }
  return ShardSpec{id - min, count};
}

ShardSpec parallel_shard(const std::string& option, const EnvironmentReader& env,
                         std::optional<std::size_t> given_count) {
  const std::size_t seq = number_variable(option, env, "PARALLEL_SEQ", "");
  if (!given_count) {
    refuse_shard(option,
                 "PARALLEL_SEQ is " + std::to_string(seq) +
                     " (GNU parallel), but GNU parallel does not export the number of jobs: "
                     "give it, as in --shard auto/4 for four jobs");
  }
  if (seq == 0 || seq > *given_count) {
    refuse_shard(option, "PARALLEL_SEQ is " + std::to_string(seq) + ", outside 1 to " +
                             std::to_string(*given_count) + ": GNU parallel ran more jobs than " +
                             option + " has slices (give each job one slice: as many inputs as N)");
  }
  return ShardSpec{seq - 1, *given_count};
}

}  // namespace

bool is_environment_shard(const std::string& text) {
  for (const std::string_view word : {"auto", "slurm"}) {
    if (text == word || text.rfind(std::string(word) + "/", 0) == 0) return true;
  }
  return false;
}

ShardSpec shard_from_environment(const std::string& text, const EnvironmentReader& env) {
  const auto slash = text.find('/');
  const std::string source = text.substr(0, slash);
  std::optional<std::size_t> given_count;
  if (slash != std::string::npos) {
    given_count = whole_number(std::string_view(text).substr(slash + 1));
    if (!given_count || *given_count == 0 || *given_count > kMaxShards) {
      refuse_shard(text, "after '" + source + "/' comes the number of slices N, from 1 to " +
                             std::to_string(kMaxShards) + " (e.g. --shard auto/4)");
    }
  }
  const bool slurm = env("SLURM_ARRAY_TASK_ID") != nullptr;
  const bool parallel = env("PARALLEL_SEQ") != nullptr;
  if (slurm && parallel && source == "auto") {
    refuse_shard(text, std::string("both SLURM_ARRAY_TASK_ID (a SLURM array task) and PARALLEL_SEQ "
                                   "(GNU parallel) are set, so the slice is ambiguous: write "
                                   "--shard slurm for the array's") +
                           kGiveItPlainly);
  }
  if (slurm) return slurm_shard(text, env, given_count);
  if (parallel && source == "auto") return parallel_shard(text, env, given_count);
  if (env("SLURM_JOB_ID") != nullptr) {
    refuse_shard(text,
                 std::string("SLURM_JOB_ID is set but SLURM_ARRAY_TASK_ID is not: this SLURM job "
                             "is not an array; submit it with sbatch --array=0-3 (one task a "
                             "slice)") +
                     kGiveItPlainly);
  }
  refuse_shard(text,
               std::string(source == "slurm"
                               ? "SLURM_ARRAY_TASK_ID is not set: this is not a SLURM array task"
                               : "no scheduler found: neither SLURM_ARRAY_TASK_ID (a SLURM array "
                                 "task) nor PARALLEL_SEQ (GNU parallel) is set") +
                   kGiveItPlainly);
}

std::vector<std::pair<std::string, std::string>> scheduler_ids(const EnvironmentReader& env) {
  std::vector<std::pair<std::string, std::string>> ids;
  for (const char* name :
       {"SLURM_JOB_ID", "SLURM_ARRAY_JOB_ID", "SLURM_ARRAY_TASK_ID", "SLURM_RESTART_COUNT"}) {
    if (const char* value = env(name); value != nullptr) ids.emplace_back(name, value);
  }
  return ids;
}

EnvironmentReader process_environment() {
  return [](const char* name) -> const char* { return std::getenv(name); };
}

}  // namespace plab
