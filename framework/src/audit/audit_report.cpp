#include "audit/audit_report.hpp"

#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

#include "base/interrupt.hpp"
#include "error.hpp"
#include "results/folder/results_folder.hpp"

namespace plab {

std::string Difference::text() const {
  return where + ": field '" + field + "': recorded " + recorded + ", " + by + " " + recomputed;
}

std::string Violation::text() const {
  std::string s = where + " (" + run + "): field '" + field + "' " + std::to_string(count) +
                  " > bound " + value_text(bound) + " (recomputed ";
  return s + (recomputed ? value_text(*recomputed) : std::string("not")) + ")";
}

std::string value_text(const boost::json::value& v) { return boost::json::serialize(v); }

void AuditReport::differ(std::string where, std::string field, const boost::json::value& recorded,
                         const boost::json::value& recomputed, std::string by) {
  differences.push_back({std::move(where), std::move(field), value_text(recorded),
                         value_text(recomputed), std::move(by)});
}

namespace {

// null when --replay was not given; else how many records and which lines ("all" for all).
boost::json::value replayed_json(const AuditReport& report) {
  if (!report.replayed_lines) return nullptr;
  const std::vector<std::size_t>& lines = *report.replayed_lines;
  return boost::json::object{{"records", lines.size()},
                             {"lines", report.replay_all ? boost::json::value("all")
                                                         : boost::json::value(boost::json::array(
                                                               lines.begin(), lines.end()))}};
}

}  // namespace

void write_verify_json(const std::filesystem::path& dir, const AuditReport& report,
                       std::size_t violations, const std::string& verdict) {
  boost::json::array differences;
  for (const Difference& d : report.differences) {
    differences.push_back(boost::json::object{
        {"where", d.where}, {"field", d.field}, {"recorded", d.recorded}, {d.by, d.recomputed}});
  }
  boost::json::array violation_list;
  for (const Violation& v : report.violations) {
    violation_list.push_back(boost::json::object{
        {"where", v.where},
        {"run", v.run},
        {"field", v.field},
        {"count", v.count},
        {"bound", v.bound},
        {"recomputed", v.recomputed ? boost::json::value(*v.recomputed) : nullptr}});
  }
  const boost::json::object out{
      {"verdict", verdict},
      {"points", report.points},
      {"records", report.records},
      {"replayed", replayed_json(report)},
      {"bound_violations", violations},
      {"violations", std::move(violation_list)},
      {"recomputed", boost::json::array(report.recomputed.begin(), report.recomputed.end())},
      {"not_rechecked",
       boost::json::array(report.not_rechecked.begin(), report.not_rechecked.end())},
      {"differences", std::move(differences)},
      {"inconsistencies",
       boost::json::array(report.inconsistencies.begin(), report.inconsistencies.end())},
  };
  const std::filesystem::path file = dir / "verify.json";
  const std::filesystem::path temp = dir / "verify.json.tmp";
  refuse_folder_at(file);
  write_temporary_file(temp, boost::json::serialize(out) + "\n");
  // A signal while the file was written: it is not put in place.
  if (interrupt_requested()) {
    std::error_code ignored;
    std::filesystem::remove(temp, ignored);
    throw_if_interrupted("writing '" + file.string() + "'",
                         "verify.json is not written (one from before is as it was); run plab "
                         "verify again");
  }
  std::error_code error;
  std::filesystem::rename(temp, file, error);
  if (error) {
    // verify.json cannot be replaced (a folder there): no temporary file is left behind.
    std::error_code ignored;
    std::filesystem::remove(temp, ignored);
    throw WriteError("cannot write '" + file.string() + "': " + error.message());
  }
}

}  // namespace plab
