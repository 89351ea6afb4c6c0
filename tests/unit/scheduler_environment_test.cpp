// --shard auto's reading of a scheduler's environment, with the environment as a map (the
// refusals, each with its message, are tested through the binary: cluster_test.cpp).
#include <gtest/gtest.h>

#include <map>

#include "error.hpp"
#include "run/scheduler_environment.hpp"

namespace plab {
namespace {

EnvironmentReader environment(std::map<std::string, std::string> values) {
  return [values = std::move(values)](const char* name) -> const char* {
    const auto it = values.find(name);
    return it == values.end() ? nullptr : it->second.c_str();
  };
}

TEST(SchedulerEnvironment, ASlurmTaskIsItsPlaceInTheArray) {
  const auto env = environment({{"SLURM_ARRAY_TASK_ID", "7"},
                                {"SLURM_ARRAY_TASK_MIN", "5"},
                                {"SLURM_ARRAY_TASK_MAX", "8"},
                                {"SLURM_ARRAY_TASK_COUNT", "4"}});
  for (const char* text : {"auto", "slurm", "auto/4", "slurm/4"}) {
    const ShardSpec shard = shard_from_environment(text, env);
    EXPECT_EQ(shard.index, 2u) << text;
    EXPECT_EQ(shard.count, 4u) << text;
  }
  EXPECT_THROW(shard_from_environment("auto/5", env), UsageError);
  // The last task, and an array without SLURM_ARRAY_TASK_MAX (only MIN and COUNT needed).
  EXPECT_EQ(shard_from_environment("auto", environment({{"SLURM_ARRAY_TASK_ID", "3"},
                                                        {"SLURM_ARRAY_TASK_MIN", "0"},
                                                        {"SLURM_ARRAY_TASK_COUNT", "4"}}))
                .index,
            3u);
}

TEST(SchedulerEnvironment, AGnuParallelJobCountsFromOne) {
  const auto env = environment({{"PARALLEL_SEQ", "1"}});
  EXPECT_EQ(shard_from_environment("auto/3", env).index, 0u);
  EXPECT_EQ(shard_from_environment("auto/3", environment({{"PARALLEL_SEQ", "3"}})).index, 2u);
  EXPECT_THROW(shard_from_environment("auto/3", environment({{"PARALLEL_SEQ", "0"}})), UsageError);
  EXPECT_THROW(shard_from_environment("slurm/3", env), UsageError);
}

TEST(SchedulerEnvironment, OnlyTheWordsAutoAndSlurmAskForIt) {
  for (const char* text : {"auto", "slurm", "auto/4", "slurm/x"}) {
    EXPECT_TRUE(is_environment_shard(text)) << text;
  }
  for (const char* text : {"0/4", "automatic", "Auto", "", "slurm4"}) {
    EXPECT_FALSE(is_environment_shard(text)) << text;
  }
}

TEST(SchedulerEnvironment, TheIdsRecordedAreThoseSet) {
  const auto ids = scheduler_ids(
      environment({{"SLURM_ARRAY_TASK_ID", "2"}, {"SLURM_JOB_ID", "99"}, {"HOME", "/root"}}));
  ASSERT_EQ(ids.size(), 2u);
  EXPECT_EQ(ids[0], (std::pair<std::string, std::string>{"SLURM_JOB_ID", "99"}));
  EXPECT_EQ(ids[1], (std::pair<std::string, std::string>{"SLURM_ARRAY_TASK_ID", "2"}));
  EXPECT_TRUE(scheduler_ids(environment({})).empty());
}

}  // namespace
}  // namespace plab
