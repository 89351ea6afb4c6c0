// Planting files where plab keeps its own: the steps of the planted-file tables (a small
// experiment run into f, then a link, hard link, FIFO, socket or folder put at a name), for
// rows that check a file outside the folder, "victim", is as it was after plab's answer.
#pragma once

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "support/answer_rows.hpp"

namespace plab::test {

using Plant = std::function<void(const TempDir&)>;

inline const std::string kVictim = "precious\n";

// Two repeats of the perceptron on four inline points: a complete folder in a few ms.
inline const std::string kPlantedConfig =
    R"({"name":"planted","seed":3,"repeats":2,)"
    R"("dataset":{"kind":"inline","x":[[1,2],[2,1],[-1,-1],[-2,0]],"y":["a","a","b","b"],)"
    R"("positive":["a"]},"learners":[{"plugin":"perceptron"}],"protocol":{"max_epochs":20}})";

// Runs `row` in a fresh folder and checks that "victim", the file outside every folder, is as
// it was.
inline void check_row_keeps_victim(const AnswerRow& row) {
  const TempDir dir;
  EXPECT_NO_FATAL_FAILURE(check_answer_row(row, dir));
  EXPECT_EQ(read_file(dir / "victim"), kVictim);
}

// kPlantedConfig with the trajectory protocol and a claim: trajectory.jsonl and claims.json too.
inline const std::string kPlantedClaimedConfig =
    R"({"name":"claimed","seed":3,"repeats":2,)"
    R"("dataset":{"kind":"inline","x":[[1,2],[2,1],[-1,-1],[-2,0]],"y":["a","a","b","b"],)"
    R"("positive":["a"]},"learners":[{"plugin":"perceptron"}],)"
    R"("protocol":{"kind":"trajectory","max_epochs":20},)"
    R"("claims":[{"what":"every run converges","each":{"converged":true}}]})";

// Runs `config` (written as c.json) into `out` with `extra` arguments.
inline void run_into(const TempDir& dir, const std::string& config, const std::string& out,
                     const std::vector<std::string>& extra = {}) {
  std::vector<std::string> args = {"run",     dir.write("c.json", config).string(),
                                   "--out",   (dir / out).string(),
                                   "--quiet", "--no-report"};
  args.insert(args.end(), extra.begin(), extra.end());
  const auto r = run_plab(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
}

// Runs `config` into f, writes victim beside it, then plants.
inline Plant made_then(const std::string& config, Plant plant) {
  return [config, plant = std::move(plant)](const TempDir& dir) {
    run_into(dir, config, "f");
    dir.write("victim", kVictim);
    plant(dir);
  };
}

inline Plant link(std::string target, std::string at) {
  return [=](const TempDir& dir) {
    std::filesystem::remove(dir / at);
    std::filesystem::create_symlink(target, dir / at);
  };
}

// A second name for `target` (relative to the row's folder) at `at`.
inline Plant hard_link(std::string target, std::string at) {
  return [=](const TempDir& dir) {
    std::filesystem::remove(dir / at);
    std::filesystem::create_hard_link(dir / target, dir / at);
  };
}

inline Plant fifo(std::string at) {
  return [=](const TempDir& dir) {
    std::filesystem::remove(dir / at);
    ASSERT_EQ(mkfifo((dir / at).c_str(), 0644), 0) << at;
  };
}

inline Plant folder(std::string at) {
  return [=](const TempDir& dir) {
    std::filesystem::remove(dir / at);
    std::filesystem::create_directories(dir / at);
  };
}

// A Unix socket bound at `at` (the socket itself is closed; its name stays).
inline Plant socket_at(std::string at) {
  return [=](const TempDir& dir) {
    std::filesystem::remove(dir / at);
    const std::string path = (dir / at).string();
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    ASSERT_LT(path.size(), sizeof(address.sun_path)) << path;
    std::memcpy(address.sun_path, path.c_str(), path.size() + 1);
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    ASSERT_GE(fd, 0);
    const int bound = ::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof(address));
    ::close(fd);
    ASSERT_EQ(bound, 0) << path;
  };
}

// Each plant in turn.
inline Plant both(Plant first, Plant second) {
  return [=](const TempDir& dir) {
    first(dir);
    second(dir);
  };
}

// Exports f into q.db, then plants.
inline Plant exported_then(Plant plant) {
  return [plant = std::move(plant)](const TempDir& dir) {
    const auto r = run_plab({"export", (dir / "f").string(), "--sqlite", (dir / "q.db").string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    plant(dir);
  };
}

// A row that runs `args` after made_then(config, plant); `file` (victim unless named) looked at.
inline AnswerRow planted_row(const std::string& config, std::string name, Plant plant,
                             std::vector<std::string> args, int exit_code, std::string fragment,
                             std::string file = "victim", std::string holds = kVictim) {
  return {{std::move(name), {}, std::move(args), exit_code, std::move(fragment), {}},
          std::move(file),
          std::move(holds),
          made_then(config, std::move(plant))};
}

// `plab export args...` after folder f (two repeats, the planted config) and `plant`.
inline AnswerRow planted_export(std::string name, Plant plant, std::vector<std::string> args,
                                int exit_code, std::string fragment, std::string file = "victim",
                                std::string holds = kVictim) {
  args.insert(args.begin(), "export");
  return planted_row(kPlantedConfig, std::move(name), std::move(plant), std::move(args), exit_code,
                     std::move(fragment), std::move(file), std::move(holds));
}

}  // namespace plab::test
