#include "report/comparison_target.hpp"

#include <set>
#include <string>

#include "base/interrupt.hpp"
#include "error.hpp"
#include "results/folder/enclosing_results_folder.hpp"
#include "results/folder/results_folder.hpp"

namespace plab {

namespace fs = std::filesystem;

namespace {

std::string kind_of(const fs::file_status& s) {
  switch (s.type()) {
    case fs::file_type::regular:
      return "a file";
    case fs::file_type::character:
    case fs::file_type::block:
      return "a device";
    case fs::file_type::fifo:
      return "a FIFO";
    case fs::file_type::socket:
      return "a socket";
    case fs::file_type::symlink:  // report.md and report.html are looked at without following
      return "a symbolic link";
    case fs::file_type::directory:
      return "a folder";
    default:
      return "not a folder";
  }
}

}  // namespace

void check_comparison_target(const fs::path& out, bool force) {
  const std::string named = "--out '" + out.string() + "'";
  if (out.empty()) throw UsageError("--out '' names no folder; name a folder for the comparison");
  std::error_code ec;
  // Symbolic links on the way resolved, so that a link into a results folder is seen.
  const fs::path full = resolved_path(out);
  for (fs::path p = full;; p = p.parent_path()) {
    const fs::file_status s = fs::status(p, ec);
    if (fs::exists(s) && !fs::is_directory(s)) {
      throw UsageError(named + " cannot be a folder: '" + p.string() + "' is " + kind_of(s) +
                       "; name a folder for the comparison");
    }
    if (p == p.parent_path() || p.empty()) break;
  }
  if (const auto results = enclosing_results_folder(full)) {
    throw UsageError(named + (*results == full ? " is" : " is inside") + " the results folder '" +
                     results->string() +
                     "'; give the comparison a folder of its own, outside results folders");
  }
  for (const char* name : {"report.md", "report.html"}) {
    const fs::file_status s = fs::symlink_status(full / name, ec);
    if (fs::exists(s) && !fs::is_regular_file(s)) {
      throw UsageError(named + " holds a " + name + " that is " + kind_of(s) +
                       ", not a report plab wrote; name another folder");
    }
    if (!force && fs::exists(s)) {
      throw UsageError(named + " already holds a " + name +
                       "; name another folder, or add --force to replace that report");
    }
  }
}

void refuse_input_written_over(const fs::path& out, const fs::path& input) {
  std::error_code ec;
  if (!fs::is_directory(out, ec)) return;
  // The names the comparison writes or renames in OUT (write_comparison): an input by one of
  // them (a hard link included) would be replaced by the report made from it. Other names
  // (report.md.bak, report.mdx) are never written.
  static const std::set<std::string> kWritten = {"report.md",          "report.html",
                                                 ".report.md.new",     ".report.html.new",
                                                 ".report.md.new.tmp", ".report.html.new.tmp"};
  for (const fs::directory_entry& entry : fs::directory_iterator(out, ec)) {
    if (kWritten.count(entry.path().filename().string()) == 0) continue;
    if (fs::equivalent(entry.path(), input, ec)) {
      throw UsageError("'" + input.string() + "' is the file '" + entry.path().string() +
                       "' the comparison writes into --out '" + out.string() +
                       "'; keep it under another name or give another --out (nothing was "
                       "written)");
    }
  }
}

void write_comparison(const fs::path& out, const Document& doc, const std::string& title) {
  throw_if_interrupted("comparing the runs for '" + out.string() + "'", "nothing was written");
  std::error_code ec;
  const bool made = !fs::exists(out, ec);
  fs::create_directories(out, ec);
  if (ec) {
    throw WriteError("cannot make the folder '" + out.string() +
                     "' for the comparison: " + ec.message());
  }
  // Both files are written under other names first and renamed only once both are whole: a
  // failed write (a full disk, a file size limit) leaves OUT as it was, never a report.md
  // without its report.html, which a retry without --force would refuse.
  const fs::path md = out / ".report.md.new";
  const fs::path html = out / ".report.html.new";
  const std::string writing = "writing the comparison into '" + out.string() + "'";
  // Before the try: a folder of the user's at one of these names is not removed below.
  for (const fs::path& file :
       {md, html, fs::path(md.string() + ".tmp"), fs::path(html.string() + ".tmp")})
    refuse_folder_at(file);
  try {
    write_file_atomically(md, doc.markdown());
    write_file_atomically(html, doc.html(title, out.string()));
    // A signal while the files were written: they are not put in place.
    throw_if_interrupted(writing,
                         "nothing was written (report.md and report.html of an earlier "
                         "comparison there are as they were)");
  } catch (...) {
    fs::remove(md, ec);
    fs::remove(html, ec);
    if (made) fs::remove(out, ec);  // only when empty: the folder this call made
    throw;
  }
  fs::rename(md, out / "report.md", ec);
  if (!ec) fs::rename(html, out / "report.html", ec);
  if (ec) {
    const std::string why = ec.message();
    fs::remove(md, ec);
    fs::remove(html, ec);
    throw WriteError("cannot put the comparison into '" + out.string() + "': " + why);
  }
  // A signal while they were put in place: the comparison is whole, and plab says so.
  throw_if_interrupted(writing,
                       "report.md and report.html were written completely before "
                       "plab stopped");
}

}  // namespace plab
