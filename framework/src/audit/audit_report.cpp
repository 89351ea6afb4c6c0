#include "audit/audit_report.hpp"

#include <cstdio>
#include <fstream>

#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

#include "error.hpp"

namespace plab {

std::string Difference::text() const {
  return where + ": field '" + field + "': recorded " + recorded + ", recomputed " + recomputed;
}

std::string value_text(const boost::json::value& v) { return boost::json::serialize(v); }

void AuditReport::differ(std::string where, std::string field, const boost::json::value& recorded,
                         const boost::json::value& recomputed) {
  differences.push_back(
      {std::move(where), std::move(field), value_text(recorded), value_text(recomputed)});
}

void write_verify_json(const std::filesystem::path& dir, const AuditReport& report,
                       std::size_t violations, const std::string& verdict) {
  boost::json::array differences;
  for (const Difference& d : report.differences) {
    differences.push_back(boost::json::object{{"where", d.where},
                                              {"field", d.field},
                                              {"recorded", d.recorded},
                                              {"recomputed", d.recomputed}});
  }
  const boost::json::object out{
      {"verdict", verdict},
      {"points", report.points},
      {"records", report.records},
      {"bound_violations", violations},
      {"recomputed", boost::json::array(report.recomputed.begin(), report.recomputed.end())},
      {"not_rechecked",
       boost::json::array(report.not_rechecked.begin(), report.not_rechecked.end())},
      {"differences", std::move(differences)},
  };
  const std::filesystem::path file = dir / "verify.json";
  const std::filesystem::path temp = dir / "verify.json.tmp";
  {
    std::ofstream stream(temp, std::ios::binary | std::ios::trunc);
    stream << boost::json::serialize(out) << '\n';
    if (!stream.flush()) throw WriteError("cannot write '" + temp.string() + "'");
  }
  std::error_code error;
  std::filesystem::rename(temp, file, error);
  if (error) throw WriteError("cannot write '" + file.string() + "': " + error.message());
}

}  // namespace plab
