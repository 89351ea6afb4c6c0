#include "results/folder/run_timing.hpp"

#include <cmath>

#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>

#include "results/format/json_object_text.hpp"

namespace plab {

namespace {

std::optional<std::size_t> index_in(const boost::json::object& t, const char* key) {
  const boost::json::value* f = t.if_contains(key);
  if (f == nullptr) return std::nullopt;
  if (f->is_uint64()) return static_cast<std::size_t>(f->get_uint64());
  if (f->is_int64() && f->get_int64() >= 0) return static_cast<std::size_t>(f->get_int64());
  return std::nullopt;
}

// Present, and null or a finite number >= 0: `ok` says whether it is.
std::optional<double> seconds_in(const boost::json::object& t, const char* key, bool& ok) {
  const boost::json::value* f = t.if_contains(key);
  ok = f != nullptr && (f->is_null() || f->is_number());
  if (!ok || f->is_null()) return std::nullopt;
  const double x = f->to_number<double>();
  ok = std::isfinite(x) && x >= 0.0;
  return x;
}

}  // namespace

std::string write_timing(const RunTiming& timing) {
  std::string line;
  JsonObjectText t(line);
  t.count("point", timing.point);
  t.string("learner", timing.learner);
  t.count("repeat", timing.repeat);
  t.number("seconds", timing.seconds);
  t.number("train_seconds", timing.train_seconds);
  t.close();
  line += '\n';
  return line;
}

std::optional<RunTiming> read_timing(std::string_view line) {
  boost::json::error_code ec;
  const boost::json::value v = boost::json::parse(line, ec);
  if (ec || !v.is_object()) return std::nullopt;
  const boost::json::object& t = v.as_object();
  RunTiming timing;
  const auto point = index_in(t, "point");
  const auto repeat = index_in(t, "repeat");
  const boost::json::value* learner = t.if_contains("learner");
  if (!point || !repeat || learner == nullptr || !learner->is_string()) return std::nullopt;
  timing.point = *point;
  timing.repeat = *repeat;
  timing.learner = std::string(learner->get_string());
  bool seconds_ok = false;
  bool train_ok = false;
  timing.seconds = seconds_in(t, "seconds", seconds_ok);
  timing.train_seconds = seconds_in(t, "train_seconds", train_ok);
  if (!seconds_ok || !train_ok) return std::nullopt;
  return timing;
}

}  // namespace plab
