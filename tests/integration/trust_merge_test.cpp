// plab merge joins only shards of one experiment run on the same bytes, reads hand-edited
// manifests as data errors, and report/verify respect a folder another plab is writing —
// each through the real plab binary.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/file.h>
#include <unistd.h>

#include <boost/json.hpp>
#include <fstream>

#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::run_plab;

boost::json::object manifest_of(const fs::path& dir) {
  return boost::json::parse(read_file(dir / "manifest.json")).as_object();
}

void write_manifest(const fs::path& dir, const boost::json::object& m) {
  std::ofstream(dir / "manifest.json") << boost::json::serialize(m) << "\n";
}

// A tiny CSV experiment of 4 runs; `csv` is the data file's content.
struct CsvExperiment {
  test::TempDir dir;
  fs::path config;
  explicit CsvExperiment(const std::string& csv) {
    dir.write("d.csv", csv);
    config = dir.write("csvs.json", R"({"name":"csvs","seed":1,"repeats":4,
      "dataset":{"kind":"csv","path":"d.csv","label":"y","positive":["1"]},
      "learners":[{"name":"p","plugin":"perceptron"}],"init":{"kind":"gaussian"},
      "protocol":{"kind":"convergence","max_epochs":10,"order":"shuffle"}})");
  }
  void run_shard(const std::string& shard, const std::string& out) {
    const auto r =
        run_plab({"run", config.string(), "--shard", shard, "--out", (dir / out).string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
};

std::string data_sha(const fs::path& dir) {
  return std::string(manifest_of(dir).at("data_files").as_array().at(0).at("sha256").as_string());
}

TEST(TrustMerge, ShardsRunOnDifferentDataFilesAreRefused) {
  CsvExperiment e("x,y\n1,1\n2,1\n-1,-1\n");
  e.run_shard("0/2", "C0");
  e.dir.write("d.csv", "x,y\n1,1\n3,1\n-1,-1\n");  // the file changes between the shards
  e.run_shard("1/2", "C1");
  const std::string h0 = data_sha(e.dir / "C0");
  const std::string h1 = data_sha(e.dir / "C1");
  ASSERT_NE(h0, h1);
  const auto r = run_plab(
      {"merge", (e.dir / "CM").string(), (e.dir / "C0").string(), (e.dir / "C1").string()});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.err.find("read different data"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find((e.dir / "C0").string()), std::string::npos) << r.err;
  EXPECT_NE(r.err.find((e.dir / "C1").string()), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("d.csv"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(h0), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(h1), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(e.dir / "CM" / "runs.jsonl")) << "nothing merged";
}

TEST(TrustMerge, ShardsRunWithDifferentPluginFilesAreRefusedNamingTheDigests) {
  CsvExperiment e("x,y\n1,1\n2,1\n-1,-1\n");
  e.run_shard("0/2", "C0");
  e.run_shard("1/2", "C1");
  boost::json::object m = manifest_of(e.dir / "C1");
  const std::string h0(m.at("plugins").as_array().at(0).at("sha256").as_string());
  const std::string h1(64, 'a');  // as if the plugin had been rebuilt between the shards
  m.at("plugins").as_array().at(0).as_object()["sha256"] = h1;
  write_manifest(e.dir / "C1", m);
  const auto r = run_plab(
      {"merge", (e.dir / "CM").string(), (e.dir / "C0").string(), (e.dir / "C1").string()});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.err.find("ran different plugin files: plugin 'perceptron'"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find(h0), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(h1), std::string::npos) << r.err;
}

// Each field merge reads, deleted by hand: a data error naming the file and the field, never
// "internal error: out of range", and never a merged folder missing it.
TEST(TrustMerge, AHandEditedManifestIsADataErrorNamingTheField) {
  CsvExperiment e("x,y\n1,1\n2,1\n-1,-1\n");
  e.run_shard("0/2", "C0");
  e.run_shard("1/2", "C1");
  for (const std::string field :
       {"runs_total", "shard", "shard/first_run", "shard/end_run", "plugins", "config_file"}) {
    SCOPED_TRACE(field);
    const fs::path x = e.dir / "X";
    fs::remove_all(x);
    fs::copy(e.dir / "C0", x, fs::copy_options::recursive);
    boost::json::object m = manifest_of(x);
    if (const auto slash = field.find('/'); slash != std::string::npos) {
      m.at(field.substr(0, slash)).as_object().erase(field.substr(slash + 1));
    } else {
      m.erase(field);
    }
    write_manifest(x, m);
    const fs::path out = e.dir / "OUT";
    fs::remove_all(out);
    const auto r = run_plab({"merge", out.string(), x.string(), (e.dir / "C1").string()});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find((x / "manifest.json").string() + ": field '" + field + "' is missing"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(r.err.find("internal error"), std::string::npos) << r.err;
  }
}

TEST(TrustMerge, AnOutputFolderThatIsOneOfTheShardsIsRefusedAsSuch) {
  CsvExperiment e("x,y\n1,1\n2,1\n-1,-1\n");
  e.run_shard("0/2", "B0");
  e.run_shard("1/2", "B1");
  const std::string runs = read_file(e.dir / "B0" / "runs.jsonl");
  const auto r = run_plab({"merge", "B0", "B0", "B1"}, e.dir.path().string());
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.err.find("the output folder 'B0' is one of the shard folders"), std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("is in use"), std::string::npos) << "no other plab runs: " << r.err;
  EXPECT_EQ(read_file(e.dir / "B0" / "runs.jsonl"), runs) << "the shard is left as it was";
}

// The test process itself holds the folder's lock as a writing plab would (its PID in the
// lock file): deterministic, where a live plab run might end before report looks.
struct HeldLock {
  int fd = -1;
  explicit HeldLock(const fs::path& dir) {
    fd = open((dir / ".plab.lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    EXPECT_GE(fd, 0);
    EXPECT_EQ(flock(fd, LOCK_EX | LOCK_NB), 0);
    const std::string pid = std::to_string(getpid()) + "\n";
    EXPECT_EQ(ftruncate(fd, 0), 0);
    EXPECT_EQ(pwrite(fd, pid.data(), pid.size(), 0), static_cast<ssize_t>(pid.size()));
  }
  ~HeldLock() { close(fd); }
  HeldLock(const HeldLock&) = delete;
  HeldLock& operator=(const HeldLock&) = delete;
};

TEST(TrustMerge, ReportRefusesAFolderAnotherPlabIsWriting) {
  CsvExperiment e("x,y\n1,1\n2,1\n-1,-1\n");
  e.run_shard("0/1", "RW");
  const fs::path dir = e.dir / "RW";
  fs::remove(dir / "report.md");
  fs::remove(dir / "report.html");
  const std::string pid = std::to_string(getpid());
  {
    const HeldLock held(dir);
    const auto r = run_plab({"report", dir.string()});
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.err.find("another plab (PID " + pid + ") is writing it"), std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("run plab report when it has finished"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir / "report.md"));
    EXPECT_FALSE(fs::exists(dir / "report.html"));
  }
  const auto after = run_plab({"report", dir.string()});
  EXPECT_EQ(after.exit_code, 0) << after.err;
  EXPECT_TRUE(fs::exists(dir / "report.md"));
}

// verify only reads: it goes on (its exit code is about the records), but says the folder is
// being written, so its verdict is not mistaken for one about a finished run.
TEST(TrustMerge, VerifyOfAFolderAnotherPlabIsWritingSaysSo) {
  CsvExperiment e("x,y\n1,1\n2,1\n-1,-1\n");
  e.run_shard("0/1", "RW");
  const fs::path dir = e.dir / "RW";
  const std::string note =
      "is being written by another plab (PID " + std::to_string(getpid()) + ")";
  {
    const HeldLock held(dir);
    const auto r = run_plab({"verify", dir.string()});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find(note), std::string::npos) << r.err;
  }
  const auto after = run_plab({"verify", dir.string()});
  EXPECT_EQ(after.exit_code, 0) << after.err;
  EXPECT_EQ(after.err.find(note), std::string::npos) << after.err;
}

// Each new message has its row in docs/troubleshooting.md.
TEST(TrustMerge, TheNewMessagesAreInTheReadme) {
  const std::string section = test::troubleshooting_section();
  ASSERT_FALSE(section.empty());
  for (const char* text :
       {"read different data", "ran different plugin files",
        "the output folder 'B0' is one of the shard folders",
        "run plab report when it has finished", "is being written by another plab"}) {
    EXPECT_NE(section.find(text), std::string::npos) << text;
  }
}

}  // namespace
}  // namespace plab
