// Hostile inputs of the file, signal and memory edges, kept as tables with the exit code and
// the words each must get: convert targets and inputs (devices, FIFOs, links, sockets, the
// input itself), signals at different moments, full disks at different moments and the resume
// flags on damaged folders. Every one must get a clear answer: no crash, no hang, no exit 0
// for a wrong result. The memory-limit table is MemoryLimit.HostileInputs: under RLIMIT_AS it
// runs in the default and debug presets only; the asan preset's filter leaves MemoryLimit.* out
// and the tsan preset never includes it (tests/support/process.hpp, docs/trust-model.md).
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <unistd.h>

#include <boost/json.hpp>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "results/format/file_text.hpp"
#include "support/folder_edit.hpp"
#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::run_plab;
using test::TempDir;
using Args = std::vector<std::string>;

struct Hostile {
  const char* name;
  std::function<Args(const TempDir&)> setup;  // makes the files, returns plab's arguments
  int exit_code;
  std::vector<std::string> says;  // in stderr or stdout
  test::ProcessLimits limits{};
  int signal = 0;                               // sent once `ready` holds
  std::function<bool(const TempDir&)> ready{};  // default: at once
  std::function<void(const TempDir&)> after{};  // what must hold on disk afterwards
};

std::size_t files_named(const fs::path& dir, const std::string& part) {
  std::size_t n = 0;
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    n += entry.path().filename().string().find(part) != std::string::npos ? 1 : 0;
  return n;
}

void run_table(const std::vector<Hostile>& table) {
  for (const Hostile& h : table) {
    SCOPED_TRACE(h.name);
    TempDir dir;
    const Args args = h.setup(dir);
    test::ProcessResult r;
    if (h.signal != 0) {
      r = test::run_plab_and_signal_when(
          args, h.signal, [&] { return !h.ready || h.ready(dir); }, "", h.signal == SIGINT);
    } else if (h.limits.address_space != 0 || h.limits.file_size != 0) {
      r = test::run_plab_with_limits(args, h.limits);
    } else {
      r = run_plab(args);
    }
    EXPECT_EQ(r.exit_code, h.exit_code) << r.out << r.err;
    for (const std::string& part : h.says) {
      EXPECT_NE((r.err + r.out).find(part), std::string::npos) << part << "\n" << r.err << r.out;
    }
    EXPECT_EQ(r.err.find("internal error"), std::string::npos) << r.err;
    // No temporary file is ever left behind, whatever happened.
    EXPECT_EQ(files_named(dir.path(), ".tmp"), 0u);
    if (h.after) h.after(dir);
  }
}

// ---- the files the cases use --------------------------------------------------------------

fs::path small_csv(const TempDir& dir) { return dir.write("in.csv", "a,b,label\n1,2,x\n3,0,y\n"); }
fs::path small_svm(const TempDir& dir) { return dir.write("in.svm", "1 1:2\n-1 2:3\n"); }

fs::path big_csv(const TempDir& dir) {
  std::string text = "a,b,c,label\n";
  for (int i = 0; text.size() < (16u << 20); ++i) {
    const std::string v = std::to_string(i % 991) + ".5";
    text += v + "," + v + ",-" + v + (i % 2 ? ",x\n" : ",y\n");
  }
  return dir.write("big.csv", text);
}

// A convert temporary file with bytes in it: the conversion is under way.
bool converting(const TempDir& dir) {
  for (const auto& entry : fs::directory_iterator(dir.path())) {
    std::error_code ec;
    if (entry.path().filename().string().find(".tmp-") != std::string::npos &&
        fs::file_size(entry.path(), ec) > 0)
      return true;
  }
  return false;
}

fs::path make_node(const TempDir& dir, const std::string& name, unsigned minor) {
  const fs::path node = dir / name;
  // /dev/null's (1,3) or /dev/zero's (1,5) numbers, in the test's own folder (root).
  EXPECT_EQ(::mknod(node.c_str(), S_IFCHR | 0666, ::makedev(1, minor)), 0) << "needs root";
  return node;
}

fs::path make_fifo(const TempDir& dir, const std::string& name) {
  const fs::path fifo = dir / name;
  EXPECT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  return fifo;
}

// A listening-free UNIX socket file, bound then left (a short relative name: sun_path is small).
fs::path make_socket(const TempDir& dir, const std::string& name) {
  const fs::path socket_path = dir / name;
  const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  EXPECT_LT(socket_path.string().size(), sizeof address.sun_path);
  std::strncpy(address.sun_path, socket_path.c_str(), sizeof address.sun_path - 1);
  EXPECT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  ::close(fd);
  return socket_path;
}

void still_char_device(const fs::path& p) {
  EXPECT_TRUE(fs::is_character_file(fs::symlink_status(p)));
}

Args convert(const fs::path& in, const fs::path& out, bool force) {
  Args a{"convert", in.string(), out.string()};
  if (force) a.push_back("--force");
  return a;
}

std::string iris_config(const TempDir& dir, int repeats, const std::string& positive,
                        int max_epochs) {
  return dir
      .write("c.json", R"({"name": "h", "seed": 5, "repeats": )" + std::to_string(repeats) +
                           R"(, "dataset": {"kind": "csv", "path": ")" +
                           std::string(PLAB_SOURCE_DIR) +
                           R"(/data/iris.csv", "label": "species", "positive": [")" + positive +
                           R"("]}, "learners": [{"name": "p", "plugin": "perceptron"}],
    "init": {"kind": "gaussian"}, "theory": {"margin": "none"},
    "protocol": {"kind": "convergence", "max_epochs": )" +
                           std::to_string(max_epochs) + R"(, "order": "shuffle"}})")
      .string();
}

// A finished folder DIR/o of 9 runs, for the resume cases to damage.
fs::path finished_folder(const TempDir& dir) {
  const std::string config = iris_config(dir, 9, "setosa", 40);
  const auto r = run_plab({"run", config, "--out", (dir / "o").string(), "--quiet", "--no-report"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return dir / "o";
}

Args resume_if_present(const TempDir& dir) {
  return {"run",
          (dir / "c.json").string(),
          "--out",
          (dir / "o").string(),
          "--resume-if-present",
          "--quiet",
          "--no-report"};
}

void cut_records(const fs::path& out, std::size_t keep) {
  auto lines = test::lines_of(out / "runs.jsonl");
  auto digests = test::lines_of(out / "runs.sha256");
  lines.resize(keep);
  digests.resize(keep);
  test::write_lines(out / "runs.jsonl", lines);
  test::write_lines(out / "runs.sha256", digests);
}

void records_are(const TempDir& dir, std::size_t n) {
  EXPECT_EQ(test::lines_of(dir / "o" / "runs.jsonl").size(), n);
}

std::string status_of(const fs::path& out) {
  return std::string(
      boost::json::parse(read_file(out / "manifest.json")).as_object().at("status").as_string());
}

constexpr const char* kOnlyRegular = "replaces only a regular file";

// plab convert --labels numeric of a CSV file `text` (in.csv) to o.svm.
std::function<Args(const TempDir&)> numeric_labels(std::string text) {
  return [text](const TempDir& d) {
    return Args{"convert", d.write("in.csv", text).string(), (d / "o.svm").string(), "--labels",
                "numeric"};
  };
}

void rule_says(const TempDir& d, const std::string& words) {
  const std::string rule = read_file(d / "o.svm.labels.json");
  EXPECT_NE(rule.find(words), std::string::npos) << rule;
}

// ---- convert: targets and inputs ----------------------------------------------------------

TEST(HostileSignals, ConvertTargetsAndInputs) {
  const std::vector<Hostile> table = {
      {"a device node as output, --force",
       [](const TempDir& d) { return convert(small_csv(d), make_node(d, "n.svm", 3), true); },
       2,
       {"is a character device", kOnlyRegular},
       {},
       0,
       {},
       [](const TempDir& d) { still_char_device(d / "n.svm"); }},
      {"a device node as output, no --force",
       [](const TempDir& d) { return convert(small_svm(d), make_node(d, "n.csv", 5), false); },
       2,
       {"is a character device"},
       {},
       0,
       {},
       [](const TempDir& d) { still_char_device(d / "n.csv"); }},
      {"a FIFO as output, --force",
       [](const TempDir& d) { return convert(small_csv(d), make_fifo(d, "p.svm"), true); },
       2,
       {"is a FIFO (named pipe)", kOnlyRegular},
       {},
       0,
       {},
       [](const TempDir& d) { EXPECT_TRUE(fs::is_fifo(d / "p.svm")); }},
      {"a FIFO as output, no --force",
       [](const TempDir& d) { return convert(small_svm(d), make_fifo(d, "p.csv"), false); },
       2,
       {"is a FIFO (named pipe)"}},
      {"a symlink to a regular file, --force",
       [](const TempDir& d) {
         fs::create_symlink(d.write("t.svm", "kept\n"), d / "l.svm");
         return convert(small_csv(d), d / "l.svm", true);
       },
       2,
       {"is a symbolic link", kOnlyRegular},
       {},
       0,
       {},
       [](const TempDir& d) { EXPECT_EQ(read_file(d / "t.svm"), "kept\n"); }},
      {"a dangling symlink, --force",
       [](const TempDir& d) {
         fs::create_symlink(d / "nowhere.svm", d / "l.svm");
         return convert(small_csv(d), d / "l.svm", true);
       },
       2,
       {"is a symbolic link"},
       {},
       0,
       {},
       [](const TempDir& d) { EXPECT_FALSE(fs::exists(d / "nowhere.svm")); }},
      {"a symlink to a device node, --force",
       [](const TempDir& d) {
         fs::create_symlink(make_node(d, "n", 3), d / "l.csv");
         return convert(small_svm(d), d / "l.csv", true);
       },
       2,
       {"is a symbolic link"},
       {},
       0,
       {},
       [](const TempDir& d) { still_char_device(d / "n"); }},
      {"a folder as output, --force",
       [](const TempDir& d) {
         fs::create_directory(d / "f.svm");
         return convert(small_csv(d), d / "f.svm", true);
       },
       2,
       {"is a folder"}},
      {"a socket as output, --force",
       [](const TempDir& d) { return convert(small_csv(d), make_socket(d, "s.svm"), true); },
       2,
       {"is a socket", kOnlyRegular},
       {},
       0,
       {},
       [](const TempDir& d) { EXPECT_TRUE(fs::is_socket(d / "s.svm")); }},
      {"the input itself as output, --force",
       [](const TempDir& d) {
         const fs::path in = small_csv(d);
         return Args{"convert", in.string(), in.string(), "--to", "svmlight", "--force"};
       },
       2,
       {"is the input file"}},
      {"a hard link to the input as output, --force",
       [](const TempDir& d) {
         const fs::path in = small_svm(d);
         fs::create_hard_link(in, d / "h.csv");
         return convert(in, d / "h.csv", true);
       },
       2,
       {"is the input file"}},
      {"an existing regular file, no --force",
       [](const TempDir& d) { return convert(small_csv(d), d.write("o.svm", "old\n"), false); },
       2,
       {"exists; plab convert does not replace it unless given --force"}},
      {"an existing regular file, --force",
       [](const TempDir& d) { return convert(small_csv(d), d.write("o.svm", "old\n"), true); },
       0,
       {"converted 2 rows of 2 features"},
       {},
       0,
       {},
       [](const TempDir& d) { EXPECT_EQ(read_file(d / "o.svm"), "x 1:1 2:2\ny 1:3\n"); }},
      {"an output in a missing folder",
       [](const TempDir& d) { return convert(small_csv(d), d / "no" / "o.svm", false); },
       4,
       {"cannot be written"}},
      {"an output under a regular file",
       [](const TempDir& d) { return convert(small_csv(d), d.write("file", "") / "o.svm", false); },
       4,
       {"cannot be written", "Not a directory"}},
      {"a FIFO as input",
       [](const TempDir& d) { return convert(make_fifo(d, "p.csv"), d / "o.svm", false); },
       2,
       {"is not a regular file"}},
      {"a device node as input (/dev/zero's numbers)",
       [](const TempDir& d) { return convert(make_node(d, "z.csv", 5), d / "o.svm", false); },
       2,
       {"is not a regular file"}},
      {"a folder as input",
       [](const TempDir& d) {
         fs::create_directory(d / "f.csv");
         return convert(d / "f.csv", d / "o.svm", false);
       },
       2,
       {"is a folder; plab convert reads one data file"}},
      {"a missing input",
       [](const TempDir& d) { return convert(d / "none.csv", d / "o.svm", false); },
       2,
       {"does not exist or is not a regular file"}},
      {"a symlink to a regular input (followed)",
       [](const TempDir& d) {
         fs::create_symlink(small_csv(d), d / "l.csv");
         return convert(d / "l.csv", d / "o.svm", false);
       },
       0,
       {"converted 2 rows"}},
      {"a 100-byte file size limit",
       [](const TempDir& d) { return convert(big_csv(d), d / "o.svm", false); },
       4,
       {"could not be written", "File too large"},
       {100, 0},
       0,
       {},
       [](const TempDir& d) { EXPECT_FALSE(fs::exists(d / "o.svm")); }},
      {"a file size limit with --force over a file",
       [](const TempDir& d) { return convert(big_csv(d), d.write("o.svm", "old\n"), true); },
       4,
       {"could not be written"},
       {4096, 0},
       0,
       {},
       [](const TempDir& d) { EXPECT_EQ(read_file(d / "o.svm"), "old\n"); }},
      // --labels numeric: a label plab cannot read is named by its line; one class present
      // gets a rule for one class.
      {"--labels numeric, a label with a huge exponent on line 3",
       numeric_labels("a,y\n1,2\n3,1e1234567890123456\n4,2\n"),
       2,
       {"in.csv:3: the label '1e1234567890123456' is a number whose exponent has more than 15"},
       {},
       0,
       {},
       [](const TempDir& d) { EXPECT_FALSE(fs::exists(d / "o.svm")); }},
      {"--labels numeric, one class spelled 1 and +1",
       numeric_labels("a,b,y\n1,2,1\n3,4,+1\n"),
       0,
       {"converted 2 rows"},
       {},
       0,
       {},
       [](const TempDir& d) {
         rule_says(d, "\"rule\": \"one class, +1: every label is the positive class");
         EXPECT_EQ(read_file(d / "o.svm.labels.json").find("two classes"), std::string::npos);
         EXPECT_EQ(read_file(d / "o.svm"), "+1 1:1 2:2\n+1 1:3 2:4\n");
       }},
      {"--labels numeric, one class -1",
       numeric_labels("a,y\n1,-1\n3,-1.0\n"),
       0,
       {"converted 2 rows"},
       {},
       0,
       {},
       [](const TempDir& d) { rule_says(d, "\"rule\": \"one class, -1"); }},
      {"--labels numeric, two classes still say two",
       numeric_labels("a,y\n1,0\n3,1\n"),
       0,
       {"converted 2 rows"},
       {},
       0,
       {},
       [](const TempDir& d) { rule_says(d, "two classes: the second is +1"); }},
      // One class within 0/1 keeps its meaning: 0 is written -1, as beside the class 1.
      {"--labels numeric, one class spelled 0, 0.0 and -0",
       numeric_labels("a,y\n1,0\n3,0.0\n5,-0\n"),
       0,
       {"converted 3 rows"},
       {},
       0,
       {},
       [](const TempDir& d) {
         rule_says(d, "\"rule\": \"one class, -1");
         EXPECT_EQ(read_file(d / "o.svm"), "-1 1:1\n-1 1:3\n-1 1:5\n");
       }},
      // A quoted label keeps the spaces at its ends: its own class, and a note says so.
      {"--labels numeric, a quoted label \" 1\" beside 1",
       numeric_labels("a,y\n1,1\n2,\" 1\"\n3,2\n4,\"1\t\"\n"),
       0,
       {"in.csv:3: the quoted label ' 1' has spaces or tabs at its ends, which a quoted cell keeps",
        "distinct from '1'", "2 rows have a label with spaces or tabs"},
       {},
       0,
       {},
       [](const TempDir& d) { rule_says(d, "classes 1..k"); }},
  };
  run_table(table);
}

// ---- signals at different moments ---------------------------------------------------------

// A folder DIR/o of one run of millions of epochs, and plab verify --replay of it.
Args long_replay(const TempDir& d) {
  const std::string config = iris_config(d, 1, "versicolor", 4000000);
  const auto r = run_plab({"run", config, "--out", (d / "o").string(), "--quiet", "--no-report"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return Args{"verify", (d / "o").string(), "--replay", "all"};
}

bool soon(const TempDir&) {
  usleep(300000);
  return true;
}

Args long_run(const TempDir& d) {
  return Args{"run",       iris_config(d, 20000, "versicolor", 1000),
              "--out",     (d / "o").string(),
              "--quiet",   "--no-report",
              "--threads", "2"};
}

bool first_record_written(const TempDir& d) {
  return fs::exists(d / "o" / "runs.jsonl") && fs::file_size(d / "o" / "runs.jsonl") > 0;
}

Args convert_big(const TempDir& d) { return convert(big_csv(d), d / "o.svm", false); }

void no_output(const TempDir& d) { EXPECT_FALSE(fs::exists(d / "o.svm")); }

TEST(HostileSignals, SignalsAtDifferentMoments) {
  const std::vector<Hostile> table = {
      {"SIGTERM while converting CSV to svmlight",
       [](const TempDir& d) { return convert(big_csv(d), d / "o.svm", false); },
       130,
       {"interrupted by signal 15", "the output was not written"},
       {},
       SIGTERM,
       converting,
       [](const TempDir& d) { EXPECT_FALSE(fs::exists(d / "o.svm")); }},
      {"SIGINT (ignored on entry) while converting",
       [](const TempDir& d) { return convert(big_csv(d), d / "o.svm", false); },
       130,
       {"interrupted by signal 2"},
       {},
       SIGINT,
       converting},
      {"SIGHUP while converting over an existing file with --force",
       [](const TempDir& d) { return convert(big_csv(d), d.write("o.svm", "old\n"), true); },
       130,
       {"interrupted by signal 1"},
       {},
       SIGHUP,
       converting,
       [](const TempDir& d) { EXPECT_EQ(read_file(d / "o.svm"), "old\n"); }},
      {"SIGTERM while converting svmlight to CSV",
       [](const TempDir& d) {
         std::string text;
         for (int i = 0; text.size() < (8u << 20); ++i)
           text += (i % 2 ? "1" : "-1") + std::string(" 1:") + std::to_string(i % 97) + " 7:2\n";
         return convert(d.write("big.svm", text), d / "o.csv", false);
       },
       130,
       {"interrupted by signal 15"},
       {},
       SIGTERM,
       converting},
      {"SIGINT (ignored on entry) during verify --replay",
       long_replay,
       130,
       {"interrupted by signal 2 (Interrupt)", "gave no verdict"},
       {},
       SIGINT,
       soon,
       [](const TempDir& d) { EXPECT_FALSE(fs::exists(d / "o" / "verify.json")); }},
      {"SIGTERM during verify --replay",
       long_replay,
       130,
       {"interrupted by signal 15 (Terminated)", "gave no verdict"},
       {},
       SIGTERM,
       soon},
      {"SIGHUP during verify --replay",
       long_replay,
       130,
       {"interrupted by signal 1 (Hangup)"},
       {},
       SIGHUP,
       soon},
      {"SIGTERM during plab run, after the first record",
       long_run,
       130,
       {"interrupted by signal 15", "plab run --resume"},
       {},
       SIGTERM,
       first_record_written,
       [](const TempDir& d) { EXPECT_EQ(status_of(d / "o"), "interrupted"); }},
      // Any other signal whose default action ends a process is answered as SIGINT is, with
      // exit 128 + N (docs/exit-codes.md).
      {"SIGUSR1 while converting CSV to svmlight",
       convert_big,
       138,
       {"interrupted by signal 10 (User defined signal 1)", "the output was not written"},
       {},
       SIGUSR1,
       converting,
       no_output},
      {"SIGUSR2 while converting over an existing file with --force",
       [](const TempDir& d) { return convert(big_csv(d), d.write("o.svm", "old\n"), true); },
       140,
       {"interrupted by signal 12"},
       {},
       SIGUSR2,
       converting,
       [](const TempDir& d) { EXPECT_EQ(read_file(d / "o.svm"), "old\n"); }},
      {"SIGXCPU (a CPU time limit) while converting",
       convert_big,
       152,
       {"interrupted by signal 24"},
       {},
       SIGXCPU,
       converting},
      {"SIGALRM during verify --replay",
       long_replay,
       142,
       {"interrupted by signal 14 (Alarm clock)", "gave no verdict"},
       {},
       SIGALRM,
       soon,
       [](const TempDir& d) { EXPECT_FALSE(fs::exists(d / "o" / "verify.json")); }},
      {"SIGUSR1 during plab run, after the first record",
       long_run,
       138,
       {"interrupted by signal 10", "plab run --resume"},
       {},
       SIGUSR1,
       first_record_written,
       [](const TempDir& d) { EXPECT_EQ(status_of(d / "o"), "interrupted"); }},
      {"SIGUSR1 during plab export into a new database",
       [](const TempDir& d) {
         const auto r = run_plab({"run", iris_config(d, 6000, "setosa", 5), "--out",
                                  (d / "o").string(), "--quiet", "--no-report"});
         EXPECT_EQ(r.exit_code, 0) << r.err;
         return Args{"export", (d / "o").string(), "--sqlite", (d / "new.db").string()};
       },
       138,
       {"interrupted by signal 10 (User defined signal 1) during plab export",
        "is as it was before"},
       {},
       SIGUSR1,
       [](const TempDir& d) { return fs::exists(d / "new.db-journal"); },
       [](const TempDir& d) {
         EXPECT_FALSE(fs::exists(d / "new.db"));
         EXPECT_FALSE(fs::exists(d / "new.db-journal"));
       }},
  };
  run_table(table);
}

// SIGQUIT, SIGABRT, SIGSYS and SIGTRAP dump core by default. Sent by another process they are
// answered as SIGINT is, with 128 + N and no core dump (docs/exit-codes.md).
TEST(HostileSignals, CoreDumpingSignalsFromAnotherProcess) {
  const auto new_database = [](const TempDir& d) {
    const auto r = run_plab({"run", iris_config(d, 6000, "setosa", 5), "--out", (d / "o").string(),
                             "--quiet", "--no-report"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return Args{"export", (d / "o").string(), "--sqlite", (d / "new.db").string()};
  };
  const std::vector<Hostile> table = {
      {"SIGQUIT while converting with --labels numeric",
       [](const TempDir& d) {
         return Args{"convert", big_csv(d).string(), (d / "o.svm").string(), "--labels", "numeric"};
       },
       131,
       {"interrupted by signal 3 (Quit)", "the output was not written"},
       {},
       SIGQUIT,
       converting,
       [](const TempDir& d) {
         no_output(d);
         EXPECT_FALSE(fs::exists(d / "o.svm.labels.json"));
       }},
      {"SIGABRT while converting",
       convert_big,
       134,
       {"interrupted by signal 6 (Aborted)", "the output was not written"},
       {},
       SIGABRT,
       converting,
       no_output},
      {"SIGSYS while converting",
       convert_big,
       159,
       {"interrupted by signal 31"},
       {},
       SIGSYS,
       converting,
       no_output},
      {"SIGTRAP while converting over an existing file with --force",
       [](const TempDir& d) { return convert(big_csv(d), d.write("o.svm", "old\n"), true); },
       133,
       {"interrupted by signal 5"},
       {},
       SIGTRAP,
       converting,
       [](const TempDir& d) { EXPECT_EQ(read_file(d / "o.svm"), "old\n"); }},
      {"SIGQUIT during plab export into a new database",
       new_database,
       131,
       {"interrupted by signal 3 (Quit) during plab export", "is as it was before"},
       {},
       SIGQUIT,
       [](const TempDir& d) { return fs::exists(d / "new.db-journal"); },
       [](const TempDir& d) {
         EXPECT_FALSE(fs::exists(d / "new.db"));
         EXPECT_FALSE(fs::exists(d / "new.db-journal"));
       }},
      {"SIGQUIT during plab run, after the first record",
       long_run,
       131,
       {"interrupted by signal 3", "plab run --resume"},
       {},
       SIGQUIT,
       first_record_written,
       [](const TempDir& d) {
         EXPECT_EQ(status_of(d / "o"), "interrupted");
         EXPECT_GT(test::lines_of(d / "o" / "runs.jsonl").size(), 0u);
         EXPECT_EQ(run_plab({"verify", (d / "o").string()}).exit_code, 0);
       }},
      {"SIGABRT during verify --replay",
       long_replay,
       134,
       {"interrupted by signal 6 (Aborted)", "gave no verdict"},
       {},
       SIGABRT,
       soon,
       [](const TempDir& d) { EXPECT_FALSE(fs::exists(d / "o" / "verify.json")); }},
      {"SIGQUIT during plab report DB --query",
       [](const TempDir& d) {
         const auto made = run_plab({"run", iris_config(d, 2, "setosa", 5), "--out",
                                     (d / "o").string(), "--quiet", "--no-report"});
         EXPECT_EQ(made.exit_code, 0) << made.err;
         const auto r =
             run_plab({"export", (d / "o").string(), "--sqlite", (d / "runs.db").string()});
         EXPECT_EQ(r.exit_code, 0) << r.err;
         // Never ends and returns no row: only the signal stops it.
         return Args{"report",
                     (d / "runs.db").string(),
                     "--query",
                     "WITH RECURSIVE c(x) AS (SELECT 0 UNION ALL SELECT x+1 FROM c) SELECT x AS "
                     "point, 'a' AS learner, 0 AS \"repeat\", '1' AS seed, 1 AS mistakes FROM c "
                     "WHERE x < 0",
                     "--out",
                     (d / "cmp").string()};
       },
       131,
       {"interrupted by signal 3 (Quit) while running the query on"},
       {},
       SIGQUIT,
       soon,
       [](const TempDir& d) { EXPECT_FALSE(fs::exists(d / "cmp")); }},
  };
  run_table(table);
  EXPECT_TRUE(test::in_troubleshooting("interrupted by signal 3 (Quit)"));
}

// SIGPIPE and SIGXFSZ sent by another process (kill) are answered as SIGINT is, with 128 + N
// (141, 153), by run and convert alike; raised by the kernel for plab's own write they are not
// (a closed stdout ends quietly, a file size limit is an I/O error: DiskFullAtDifferentMoments).
TEST(HostileSignals, PipeAndFileSizeSignalsFromAnotherProcess) {
  const auto interrupted = [](const TempDir& d) {
    EXPECT_EQ(status_of(d / "o"), "interrupted");
    EXPECT_GT(test::lines_of(d / "o" / "runs.jsonl").size(), 0u);
    EXPECT_EQ(run_plab({"verify", (d / "o").string()}).exit_code, 0);
  };
  const std::vector<Hostile> table = {
      {"SIGPIPE from kill while converting",
       convert_big,
       141,
       {"interrupted by signal 13 (Broken pipe)", "the output was not written"},
       {},
       SIGPIPE,
       converting,
       no_output},
      {"SIGXFSZ from kill while converting over an existing file with --force",
       [](const TempDir& d) { return convert(big_csv(d), d.write("o.svm", "old\n"), true); },
       153,
       {"interrupted by signal 25 (File size limit exceeded)", "the output was not written"},
       {},
       SIGXFSZ,
       converting,
       [](const TempDir& d) { EXPECT_EQ(read_file(d / "o.svm"), "old\n"); }},
      {"SIGPIPE from kill during plab run, after the first record",
       long_run,
       141,
       {"interrupted by signal 13", "plab run --resume"},
       {},
       SIGPIPE,
       first_record_written,
       interrupted},
      {"SIGXFSZ from kill during plab run, after the first record",
       long_run,
       153,
       {"interrupted by signal 25", "plab run --resume"},
       {},
       SIGXFSZ,
       first_record_written,
       interrupted},
  };
  run_table(table);
}

// Convert's cleanup is short (a temporary file removed): a second and third signal are noted,
// the cleanup still happens, and the exit status is the first signal's.
TEST(HostileSignals, ASecondSignalDuringConvertStillRemovesItsTemporaryFile) {
  TempDir dir;
  const fs::path old = dir.write("o.svm", "old\n");
  const Args args = convert(big_csv(dir), old, true);
  // A shell starts plab, waits for its temporary file to hold bytes, sends SIGTERM three
  // times back to back, and exits with plab's status.
  std::string line = std::string("'") + PLAB_BINARY + "'";
  for (const std::string& a : args) line += " '" + a + "'";
  const std::string script =
      line + " & p=$!; cd '" + dir.path().string() +
      "'; until [ -s \"$(ls -A | grep -m1 '\\.tmp-')\" ] || ! kill -0 $p; do "
      "sleep 0.005; done; kill -TERM $p; kill -TERM $p; kill -TERM $p; "
      "wait $p";
  const auto r = test::run_process("/bin/sh", {"-c", script});
  EXPECT_EQ(r.exit_code, 130) << r.err;
  EXPECT_NE(r.err.find("interrupted by signal 15"), std::string::npos) << r.err;
  EXPECT_EQ(files_named(dir.path(), ".tmp"), 0u);
  EXPECT_EQ(read_file(old), "old\n");
}

// An abort() of plab's own (a failed assertion, std::terminate; here inside a plugin) is a bug:
// it must still end plab with SIGABRT at once, never read as a request to stop.
TEST(HostileSignals, AnAbortOfPlabsOwnStillEndsItWithSigabrt) {
  TempDir dir;
  rlimit no_core{0, 0};  // no core file left by the child, which inherits the limit
  ASSERT_EQ(::setrlimit(RLIMIT_CORE, &no_core), 0);
  std::string config = read_file(iris_config(dir, 3, "setosa", 5));
  config.replace(config.find("\"perceptron\""), 12, "\"aborting_epoch\"");
  dir.write("c.json", config);
  const auto r = run_plab({"run", (dir / "c.json").string(), "--out", (dir / "o").string(),
                           "--quiet", "--no-report", "--plugin-dir", PLAB_TEST_PLUGIN_DIR});
  EXPECT_EQ(r.exit_code, 128 + SIGABRT) << r.err;
  EXPECT_EQ(r.err.find("interrupted"), std::string::npos) << r.err;
  EXPECT_EQ(status_of(dir / "o"), "running");  // died at once, as before: --resume checks it
}

// A signal when every remaining run has started: they finish, the folder is complete, and
// plab says so and exits with 128 + N, never 0 in silence (docs/exit-codes.md).
TEST(HostileSignals, ASignalWhileTheLastRunsRunEndsCompleteButNotSilent) {
  // One run of many epochs on one thread: once runs.jsonl exists, that run is running.
  const auto one_long_run = [](std::vector<std::string> more) {
    return [more](const TempDir& d) {
      Args args{"run",     iris_config(d, 1, "versicolor", 300000),
                "--out",   (d / "o").string(),
                "--quiet", "--threads",
                "1"};
      args.insert(args.end(), more.begin(), more.end());
      return args;
    };
  };
  const auto running = [](const TempDir& d) {
    if (!fs::exists(d / "o" / "runs.jsonl")) return false;
    usleep(200000);
    return true;
  };
  const auto complete = [](const TempDir& d) {
    EXPECT_EQ(status_of(d / "o"), "completed");
    records_are(d, 1);
    EXPECT_EQ(run_plab({"verify", (d / "o").string()}).exit_code, 0);
    EXPECT_FALSE(fs::exists(d / "o" / "report.html"));
  };
  const std::vector<Hostile> table = {
      {"SIGTERM while the last run runs, with a report to draw",
       one_long_run({}),
       130,
       {"interrupted by signal 15 (Terminated) when every run had started; those runs finished",
        "is complete (status completed)", "its report was not drawn"},
       {},
       SIGTERM,
       running,
       complete},
      {"SIGINT (ignored on entry) while the last run runs, --no-report",
       one_long_run({"--no-report"}),
       130,
       {"interrupted by signal 2 (Interrupt) when every run had started", "is complete"},
       {},
       SIGINT,
       running,
       complete},
      {"SIGUSR1 while the last run runs",
       one_long_run({"--no-report"}),
       138,
       {"interrupted by signal 10 (User defined signal 1) when every run had started"},
       {},
       SIGUSR1,
       running,
       complete},
  };
  run_table(table);
  for (const char* words : {"when every run had started; those runs finished",
                            "is complete (status completed)", "its report was not drawn"})
    EXPECT_TRUE(test::in_troubleshooting(words)) << words;
}

// plab report DIR handles signals as the other commands do: no report.md or report.html.
TEST(HostileSignals, ASignalDuringPlabReportWritesNoReport) {
  // A folder of two learners with margins and curves: several figures, each drawn by gnuplot.
  const auto folder = [](const TempDir& d) {
    std::string config = read_file(iris_config(d, 40, "setosa", 200));
    const auto swap = [&config](const std::string& from, const std::string& to) {
      config.replace(config.find(from), from.size(), to);
    };
    swap(
        R"({"name": "p", "plugin": "perceptron"})",
        R"({"name": "p", "plugin": "perceptron"}, {"name": "a", "plugin": "averaged_perceptron"})");
    swap(R"("theory": {"margin": "none"},)", "");
    swap(R"("order": "shuffle")", R"("order": "shuffle", "record_curve": true)");
    d.write("c.json", config);
    const auto r = run_plab(
        {"run", (d / "c.json").string(), "--out", (d / "o").string(), "--quiet", "--no-report"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return Args{"report", (d / "o").string()};
  };
  const auto drawing = [](const TempDir& d) {
    return fs::exists(d / "o" / "plots") && !fs::is_empty(d / "o" / "plots");
  };
  const auto no_report = [](const TempDir& d) {
    EXPECT_FALSE(fs::exists(d / "o" / "report.md"));
    EXPECT_FALSE(fs::exists(d / "o" / "report.html"));
  };
  const std::vector<Hostile> table = {
      {"SIGTERM while plab report DIR draws",
       folder,
       130,
       {"interrupted by signal 15 (Terminated) while writing the report of",
        "report.md and report.html were not written"},
       {},
       SIGTERM,
       drawing,
       no_report},
      {"SIGHUP while plab report DIR draws",
       folder,
       130,
       {"interrupted by signal 1 (Hangup)"},
       {},
       SIGHUP,
       drawing,
       no_report},
      {"SIGQUIT while plab report DIR draws",
       folder,
       131,
       {"interrupted by signal 3 (Quit)"},
       {},
       SIGQUIT,
       drawing,
       no_report},
  };
  run_table(table);
  EXPECT_TRUE(test::in_troubleshooting("while writing the report of"));
  EXPECT_TRUE(test::in_troubleshooting("report.md and report.html were not written"));
}

// ---- command-line edges of merge and verify ----------------------------------------------

// plab merge with `words` in this order: "--out" as is, "s0", "s1", "m" and "n" as folders of
// DIR; s0 and s1 are made first as the two shards of one experiment.
std::function<Args(const TempDir&)> merge_of(std::vector<std::string> words) {
  return [words](const TempDir& d) {
    const std::string config = iris_config(d, 4, "setosa", 20);
    for (const char* shard : {"0", "1"}) {
      const auto r = run_plab({"run", config, "--out", (d / ("s" + std::string(shard))).string(),
                               "--shard", std::string(shard) + "/2", "--quiet", "--no-report"});
      EXPECT_EQ(r.exit_code, 0) << r.err;
    }
    Args args{"merge"};
    for (const std::string& w : words) args.push_back(w == "--out" ? w : (d / w).string());
    return args;
  };
}

// plab verify --replay COUNT on a finished folder of 9 records.
std::function<Args(const TempDir&)> replay_of(std::string count) {
  return [count](const TempDir& d) {
    return Args{"verify", finished_folder(d).string(), "--replay", count};
  };
}

TEST(HostileSignals, MergeAndReplayArguments) {
  const auto merged = [](const TempDir& d) {
    EXPECT_EQ(test::lines_of(d / "m" / "runs.jsonl").size(), 4u);
  };
  const std::string kMerged = "merged 2 shards, 4 runs";
  const std::vector<Hostile> table = {
      {"merge SHARDS --out OUT",
       merge_of({"s0", "s1", "--out", "m"}),
       0,
       {kMerged},
       {},
       0,
       {},
       merged},
      {"merge --out OUT SHARDS",
       merge_of({"--out", "m", "s0", "s1"}),
       0,
       {kMerged},
       {},
       0,
       {},
       merged},
      {"merge OUT SHARDS, as before", merge_of({"m", "s0", "s1"}), 0, {kMerged}, {}, 0, {}, merged},
      {"merge --out OUT without shards",
       merge_of({"--out", "m"}),
       2,
       {"plab merge needs one or more shard results folders SHARD_DIR..."}},
      {"merge --out given twice",
       merge_of({"--out", "m", "--out", "n", "s0"}),
       2,
       {"option '--out' cannot be specified more than once"}},
      {"verify --replay past any count",
       replay_of("99999999999999999999999"),
       2,
       {"--replay '99999999999999999999999' is larger than any number of records a folder can hold",
        "or 'all'"},
       {},
       0,
       {},
       [](const TempDir& d) { EXPECT_FALSE(fs::exists(d / "o" / "verify.json.tmp")); }},
      {"verify --replay one past a 64-bit count",
       replay_of("18446744073709551616"),
       2,
       {"is larger than any number of records"}},
      {"verify --replay of the largest 64-bit count",
       replay_of("18446744073709551615"),
       2,
       {"asks for more records than the 9 in"}},
      {"verify --replay with a sign",
       replay_of("+99999999999999999999999"),
       2,
       {"is not a number of records"}},
  };
  run_table(table);
  EXPECT_TRUE(test::in_troubleshooting("is larger than any number of records a folder can hold"));
}

// ---- a full disk at different moments ----------------------------------------------------

TEST(HostileSignals, DiskFullAtDifferentMoments) {
  const auto run_of = [](int repeats) {
    return [repeats](const TempDir& d) {
      return Args{"run",     iris_config(d, repeats, "virginica", 30),
                  "--out",   (d / "o").string(),
                  "--quiet", "--threads",
                  "2"};
    };
  };
  const auto failed_resumable = [](const TempDir& d) {
    EXPECT_EQ(status_of(d / "o"), "failed");
    EXPECT_EQ(test::lines_of(d / "o" / "runs.jsonl").size(),
              test::lines_of(d / "o" / "runs.sha256").size());
    const auto verify = run_plab({"verify", (d / "o").string()});
    EXPECT_EQ((verify.out + verify.err).find("changed after it was written"), std::string::npos)
        << verify.out << verify.err;
    EXPECT_EQ(run_plab({"run", "--resume", (d / "o").string(), "--quiet", "--no-report"}).exit_code,
              0);
  };
  const std::vector<Hostile> table = {
      // (The limit holds for plab's stderr file too: the message must fit under it.)
      {"a 700-byte limit: the first manifest cannot be written",
       run_of(5),
       4,
       {"manifest.json.tmp' failed: File too large"},
       {700, 0}},
      {"a 6 kB limit: records stop early",
       run_of(200),
       4,
       {"writing results into", "File too large", "records written before are intact"},
       {6000, 0},
       0,
       {},
       failed_resumable},
      {"a 20 kB limit", run_of(300), 4, {"File too large"}, {20000, 0}, 0, {}, failed_resumable},
      {"a 45 kB limit on one thread",
       [](const TempDir& d) {
         return Args{"run",     iris_config(d, 400, "virginica", 30),
                     "--out",   (d / "o").string(),
                     "--quiet", "--threads",
                     "1"};
       },
       4,
       {"File too large"},
       {45000, 0},
       0,
       {},
       failed_resumable},
      {"a limit past the records: the summary or report cannot be written",
       run_of(2),
       4,
       {"File too large"},
       {1500, 0}},
      {"a full disk again on --resume",
       [](const TempDir& d) {
         const Args first{"run", iris_config(d, 300, "virginica", 30), "--out", (d / "o").string(),
                          "--quiet"};
         EXPECT_EQ(test::run_plab_with_file_size_limit(first, 20000).exit_code, 4);
         return Args{"run", "--resume", (d / "o").string(), "--quiet"};
       },
       4,
       {"File too large", "plab run --resume"},
       {20000, 0},
       0,
       {},
       [](const TempDir& d) { EXPECT_EQ(status_of(d / "o"), "failed"); }},
      {"verify.json cannot be written",
       [](const TempDir& d) {
         return Args{"verify", finished_folder(d).string()};
       },
       4,
       {"verify.json.tmp"},
       {200, 0}},
  };
  run_table(table);
}

// ---- the resume flags on damaged folders ---------------------------------------------------

TEST(HostileSignals, ResumeFlagsOnDamagedFolders) {
  const std::vector<Hostile> table = {
      {"--resume-if-present, completed, 4 records missing",
       [](const TempDir& d) {
         cut_records(finished_folder(d), 5);
         return resume_if_present(d);
       },
       0,
       {"its files do not hold them all"},
       {},
       0,
       {},
       [](const TempDir& d) { records_are(d, 9); }},
      {"--resume-if-present, completed, every record missing",
       [](const TempDir& d) {
         cut_records(finished_folder(d), 0);
         return resume_if_present(d);
       },
       0,
       {"its files do not hold them all"},
       {},
       0,
       {},
       [](const TempDir& d) { records_are(d, 9); }},
      {"--resume-if-present, completed and whole",
       [](const TempDir& d) {
         finished_folder(d);
         return resume_if_present(d);
       },
       0,
       {"is already complete; nothing to do"}},
      {"--resume-if-present, completed, a torn line appended",
       [](const TempDir& d) {
         append_text(finished_folder(d) / "runs.jsonl", "{\"point\": 0, \"lea");
         return resume_if_present(d);
       },
       0,
       {"its files do not hold them all"},
       {},
       0,
       {},
       [](const TempDir& d) { records_are(d, 9); }},
      {"--resume-if-present, completed, the last record repeated",
       [](const TempDir& d) {
         const fs::path out = finished_folder(d);
         append_text(out / "runs.jsonl", test::lines_of(out / "runs.jsonl").back() + "\n");
         return resume_if_present(d);
       },
       // A record past the digest chain is cut, as --resume cuts it: 9 records stay.
       0,
       {"its files do not hold them all"},
       {},
       0,
       {},
       [](const TempDir& d) { records_are(d, 9); }},
      {"--resume-if-present, completed, an edited record",
       [](const TempDir& d) {
         test::edit_record(finished_folder(d), test::any_record,
                           [](boost::json::object& r) { r["mistakes"] = 1; });
         return resume_if_present(d);
       },
       2,
       {"this record is not the one plab wrote"}},
      {"--resume-if-present, completed, runs.sha256 removed",
       [](const TempDir& d) {
         fs::remove(finished_folder(d) / "runs.sha256");
         return resume_if_present(d);
       },
       2,
       {"has no runs.sha256"}},
      {"--resume-if-present, completed, runs_written edited down",
       [](const TempDir& d) {
         test::edit_manifest(finished_folder(d),
                             [](boost::json::object& m) { m["runs_written"] = 3; });
         return resume_if_present(d);
       },
       0,
       {"its files do not hold them all"},
       {},
       0,
       {},
       [](const TempDir& d) { records_are(d, 9); }},
      {"--resume, completed, 4 records missing",
       [](const TempDir& d) {
         cut_records(finished_folder(d), 5);
         return Args{"run", "--resume", (d / "o").string(), "--quiet", "--no-report"};
       },
       0,
       {},
       {},
       0,
       {},
       [](const TempDir& d) { records_are(d, 9); }},
      {"--resume-if-present with another shard",
       [](const TempDir& d) {
         finished_folder(d);
         Args a = resume_if_present(d);
         a.insert(a.end(), {"--shard", "1/2"});
         return a;
       },
       2,
       {"it holds shard 0/1 and this run asks for shard 1/2"}},
  };
  run_table(table);
}

// ---- memory limits (RLIMIT_AS: MemoryLimit.*, left out of the sanitizer presets) ---------

std::string kernel_config(const TempDir& dir, int cache_mb) {
  return dir
      .write("k.json", R"({"name": "k", "seed": 3, "repeats": 2,
    "dataset": {"kind": "synthetic", "generator": "noisy", "rows": 6000, "dim": 2, "flip": 0.3},
    "learners": [{"name": "k", "plugin": "kernel_perceptron", "params": {"kernel": "rbf"}}],
    "theory": {"margin": "none"},
    "sweep": {"/learners/0/params/cache_mb": [0, )" +
                           std::to_string(cache_mb) + R"(]},
    "protocol": {"kind": "convergence", "max_epochs": 1}})")
      .string();
}

TEST(MemoryLimit, HostileInputs) {
  ASSERT_FALSE(test::under_sanitizer())
      << "RLIMIT_AS cannot be used under a sanitizer: the asan preset's filter leaves "
         "MemoryLimit.* out; run them in the default preset";
  constexpr unsigned long long kLimit = 110ull << 20;
  const std::vector<Hostile> table = {
      {"a kernel cache of 100000 MiB on 6000 rows under 110 MiB",
       [](const TempDir& d) {
         return Args{"run", kernel_config(d, 100000), "--out", (d / "o").string(), "--quiet"};
       },
       2,
       {"row cache may hold up to 275 MiB", "lower cache_mb"},
       {0, kLimit},
       0,
       {},
       [](const TempDir& d) { EXPECT_FALSE(fs::exists(d / "o")); }},
      {"the same on 2 threads, as --plan",
       [](const TempDir& d) {
         return Args{"run", kernel_config(d, 100000), "--plan"};
       },
       2,
       {"row cache may hold up to"},
       {0, kLimit}},
      {"--resume under a limit the cache cannot fit in",
       [](const TempDir& d) {
         const auto r = run_plab({"run", kernel_config(d, 100000), "--out", (d / "o").string(),
                                  "--quiet", "--no-report"});
         EXPECT_EQ(r.exit_code, 0) << r.err;
         cut_records(d / "o", 1);
         return Args{"run", "--resume", (d / "o").string(), "--quiet"};
       },
       2,
       {"row cache may hold up to"},
       {0, kLimit},
       0,
       {},
       [](const TempDir& d) { records_are(d, 1); }},
      {"a curve of a million epochs under 64 MiB",
       [](const TempDir& d) {
         return Args{"run",
                     d.write("x.json", R"({"name": "x", "seed": 1, "repeats": 1,
    "dataset": {"kind": "inline", "x": [[0,0],[1,1],[0,1],[1,0]], "y": ["a","a","b","b"],
                "positive": ["a"]},
    "learners": [{"name": "p", "plugin": "perceptron"}], "theory": {"margin": "none"},
    "protocol": {"kind": "convergence", "max_epochs": 1000000, "record_curve": true}})")
                         .string(),
                     "--out",
                     (d / "o").string(),
                     "--quiet",
                     "--threads",
                     "1"};
       },
       4,
       {"out of memory while running and recording run 0", "plab run --resume"},
       {0, 64ull << 20},
       0,
       {},
       [](const TempDir& d) { EXPECT_EQ(status_of(d / "o"), "failed"); }},
      {"verify --replay of 60 MiB kernel caches under 110 MiB",
       [](const TempDir& d) {
         const auto r = run_plab(
             {"run", kernel_config(d, 60), "--out", (d / "o").string(), "--quiet", "--no-report"});
         EXPECT_EQ(r.exit_code, 0) << r.err;
         fs::remove(d / "o" / "verify.json");
         return Args{"verify", (d / "o").string(), "--replay", "all"};
       },
       4,
       {"out of memory while replaying records"},
       {0, kLimit},
       0,
       {},
       [](const TempDir& d) { EXPECT_FALSE(fs::exists(d / "o" / "verify.json")); }},
      {"threads that cannot start: 2 asked for under 24 MB (a thread's stack is 8 MiB)",
       [](const TempDir& d) {
         return Args{"run",
                     d.write("k.json", R"({"name": "k", "seed": 3, "repeats": 1,
    "dataset": {"kind": "synthetic", "generator": "noisy", "rows": 3000, "dim": 2, "flip": 0.1},
    "learners": [{"name": "k", "plugin": "kernel_perceptron", "params": {"cache_mb": 0}}],
    "theory": {"margin": "none"}, "protocol": {"kind": "convergence", "max_epochs": 2}})")
                         .string(),
                     "--out",
                     (d / "o").string(),
                     "--quiet",
                     "--no-report",
                     "--threads",
                     "2"};
       },
       0,
       {"only 1 of 2 threads could start", "going on with 1"},
       // Between about 20 MB (plab cannot load) and 28 MB (both threads fit) on x86-64 Linux.
       {0, 24000000},
       0,
       {},
       [](const TempDir& d) {
         EXPECT_EQ(status_of(d / "o"), "completed");
         const auto manifest = boost::json::parse(read_file(d / "o" / "manifest.json"));
         EXPECT_EQ(manifest.at("sessions").at(0).at("threads").to_number<int>(), 1);
       }},
      {"out of memory in LIBLINEAR's child process (9,000,001 sparse columns under 120 MiB)",
       [](const TempDir& d) {
         std::string rows;
         for (int i = 0; i < 200; ++i) {
           rows += (i % 2 ? "1 " : "-1 ") + std::to_string(1 + i % 50) + (i % 2 ? ":1 " : ":-1 ") +
                   std::to_string(100 + i) + ":1 9000000:0.5\n";
         }
         d.write("wide.svm", rows);
         return Args{"run",
                     d.write("w.json", R"({"name": "w", "seed": 1, "repeats": 1,
    "dataset": {"kind": "svmlight", "path": "wide.svm", "storage": "sparse"},
    "learners": [{"name": "p", "plugin": "perceptron"}],
    "protocol": {"kind": "convergence", "max_epochs": 5},
    "theory": {"margin": "svm", "oracle_seconds": 20}})")
                         .string(),
                     "--out",
                     (d / "o").string(),
                     "--quiet",
                     "--no-report"};
       },
       4,
       {"out of memory while preparing the experiment", "nothing was written"},
       {0, 120ull << 20},
       0,
       {},
       [](const TempDir& d) {
         // Before, the child said so and plab went on: a folder, and a second error.
         EXPECT_FALSE(fs::exists(d / "o"));
       }},
      // Each thread that runs at once holds a cache: 4 x 120 MiB do not fit in 400 MiB.
      {"kernel caches of 120 MiB on 4 threads under 400 MiB",
       [](const TempDir& d) {
         return Args{"run",     kernel_config(d, 120), "--out", (d / "o").string(),
                     "--quiet", "--threads",           "4"};
       },
       2,
       {"row cache may hold up to 120 MiB on each thread",
        "480 MiB for the 4 threads that run at once", "or --threads"},
       {0, 400ull << 20},
       0,
       {},
       [](const TempDir& d) { EXPECT_FALSE(fs::exists(d / "o")); }},
      {"the same with 2 runs: 2 threads run at once, 240 MiB fit",
       [](const TempDir& d) {
         return Args{"run",       kernel_config(d, 120),
                     "--set",     "/repeats=1",
                     "--out",     (d / "o").string(),
                     "--quiet",   "--no-report",
                     "--threads", "4"};
       },
       0,
       {},
       {0, 400ull << 20},
       0,
       {},
       [](const TempDir& d) { EXPECT_EQ(status_of(d / "o"), "completed"); }},
      {"convert a 16 MB file under 64 MiB (it streams)",
       [](const TempDir& d) { return convert(big_csv(d), d / "o.svm", false); },
       0,
       {"converted"},
       {0, 64ull << 20}},
  };
  run_table(table);
}

}  // namespace
}  // namespace plab
