#include "results/folder/trajectory_line.hpp"

#include <boost/json/parse.hpp>

#include "results/format/record_fields.hpp"

namespace plab {

std::optional<TrajectoryRun> read_trajectory_run(std::string_view line, const std::string& where) {
  boost::json::error_code ec;
  const boost::json::value v = boost::json::parse(line, ec);
  if (ec || !v.is_object()) return std::nullopt;
  const RecordFields o(v.as_object(), where);
  TrajectoryRun run;
  run.point = o.count("point");
  run.learner = o.string("learner");
  run.repeat = o.count("repeat");
  return run;
}

}  // namespace plab
