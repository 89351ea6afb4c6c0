// Hand edits of a results folder in a test (runs.jsonl lines, manifest.json), to simulate a
// tampered folder. A test that needs the folder to look plab-written afterwards calls
// write_digest_chain(dir) (results/folder/record_digest.hpp).
#pragma once

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include <boost/json.hpp>

#include <gtest/gtest.h>

#include "support/process.hpp"
#include "support/temp_dir.hpp"

namespace plab::test {

inline std::vector<std::string> lines_of(const std::filesystem::path& file) {
  std::vector<std::string> lines;
  std::istringstream in(read_file(file));
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

inline void write_lines(const std::filesystem::path& file, const std::vector<std::string>& lines) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  for (const auto& line : lines) out << line << '\n';
}

inline void edit_manifest(const std::filesystem::path& dir,
                          const std::function<void(boost::json::object&)>& edit) {
  auto manifest = boost::json::parse(read_file(dir / "manifest.json")).as_object();
  edit(manifest);
  std::ofstream(dir / "manifest.json", std::ios::trunc) << boost::json::serialize(manifest);
}

// The first record (from 1) for which `pick` holds, changed by `edit`; returns its line.
inline std::size_t edit_record(const std::filesystem::path& dir,
                               const std::function<bool(const boost::json::object&)>& pick,
                               const std::function<void(boost::json::object&)>& edit) {
  auto lines = lines_of(dir / "runs.jsonl");
  for (std::size_t i = 0; i < lines.size(); ++i) {
    auto record = boost::json::parse(lines[i]).as_object();
    if (!pick(record)) continue;
    edit(record);
    lines[i] = boost::json::serialize(record);
    write_lines(dir / "runs.jsonl", lines);
    return i + 1;
  }
  ADD_FAILURE() << "no record to edit";
  return 0;
}

// A results folder made once from `config` (JSON text, written as DIR/config.json) into
// DIR/o without a report, with `extra` arguments: a fixture that a test program's tests share.
inline std::filesystem::path run_into_folder(const TempDir& dir, const std::string& config,
                                             const std::vector<std::string>& extra = {}) {
  const std::filesystem::path out = dir / "o";
  std::vector<std::string> args{"run",         dir.write("config.json", config).string(),
                                "--out",       out.string(),
                                "--no-report", "--quiet"};
  args.insert(args.end(), extra.begin(), extra.end());
  const auto r = run_plab(args);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  return out;
}

// The quickstart (zero and gaussian init, cyclic and shuffled order) with 3 repeats: 12 runs,
// made once per test program.
inline const std::filesystem::path& quickstart_folder() {
  static TempDir dir;
  static const std::filesystem::path out = [] {
    const std::filesystem::path o = dir / "o";
    const auto r = run_plab({"run", std::string(PLAB_SOURCE_DIR) + "/configs/quickstart.json",
                             "--set", "/repeats=3", "--out", o.string(), "--no-report", "--quiet"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return o;
  }();
  return out;
}

// A fresh copy of a results folder in `dir`, to tamper with (without its verify.json).
inline std::filesystem::path copy_to_tamper(const std::filesystem::path& folder,
                                            const TempDir& dir) {
  const std::filesystem::path copy = dir / "copy";
  std::filesystem::copy(folder, copy, std::filesystem::copy_options::recursive);
  std::filesystem::remove(copy / "verify.json");
  return copy;
}

// A fresh copy of the quickstart folder, to tamper with.
inline std::filesystem::path copy_of_quickstart(const TempDir& dir) {
  return copy_to_tamper(quickstart_folder(), dir);
}

// The same 12 runs made in two shards (--shard 0/2 and 1/2) and joined by plab merge.
inline const std::filesystem::path& merged_quickstart_folder() {
  static TempDir dir;
  static const std::filesystem::path out = [] {
    for (const char* shard : {"0/2", "1/2"}) {
      const auto r =
          run_plab({"run", std::string(PLAB_SOURCE_DIR) + "/configs/quickstart.json", "--set",
                    "/repeats=3", "--shard", shard, "--out",
                    (dir / ("s" + std::string(1, shard[0]))).string(), "--no-report", "--quiet"});
      EXPECT_EQ(r.exit_code, 0) << r.err;
    }
    const auto m =
        run_plab({"merge", (dir / "m").string(), (dir / "s0").string(), (dir / "s1").string()});
    EXPECT_EQ(m.exit_code, 0) << m.err;
    return dir / "m";
  }();
  return out;
}

// "DIR/runs.jsonl:7": how verify names a line.
inline std::string at_line(const std::filesystem::path& dir, const char* file, std::size_t line) {
  return (dir / file).string() + ":" + std::to_string(line);
}

// The verdict plab verify wrote into DIR.
inline boost::json::object verify_json(const std::filesystem::path& dir) {
  return boost::json::parse(read_file(dir / "verify.json")).as_object();
}

inline bool any_record(const boost::json::object&) { return true; }

// The manifest's points/P/learners/L object.
inline boost::json::object& manifest_learner(boost::json::object& manifest, std::size_t point,
                                             std::size_t learner) {
  return manifest.at("points")
      .as_array()
      .at(point)
      .at("learners")
      .as_array()
      .at(learner)
      .as_object();
}

inline boost::json::object& point0_theory(boost::json::object& manifest) {
  return manifest.at("points").as_array().at(0).as_object().at("theory").as_object();
}

}  // namespace plab::test
