#include "results/record_view.hpp"

#include <limits>

#include "results/record_fields.hpp"

namespace plab {

namespace {

std::vector<double> curve(const RecordFields& f, std::string_view key, bool counts) {
  std::vector<double> out;
  if (!f.has(key) || f.any(key).is_null()) return out;
  const boost::json::array& a = f.array(key);
  out.reserve(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    const boost::json::value& v = a[i];
    const std::string name = std::string(key) + "/" + std::to_string(i);
    if (counts) {
      const auto c = as_count(v);
      if (!c) f.wrong(name, v, "a count (an integer from 0 to 2^63-1)");
      out.push_back(static_cast<double>(*c));
    } else if (v.is_null()) {
      out.push_back(std::numeric_limits<double>::quiet_NaN());
    } else if (v.is_number()) {
      out.push_back(v.to_number<double>());
    } else {
      f.wrong(name, v, "a number or null");
    }
  }
  return out;
}

RecordView finish(RecordView& r, const RecordFields& f, bool curves) {
  r.plain_bound_holds = f.boolean_or_null("plain_bound_holds");
  r.ls_gap = f.number_or_null("ls_gap");
  if (curves) {
    r.epoch_mistakes = curve(f, "epoch_mistakes", true);
    r.epoch_loss = curve(f, "epoch_loss", false);
  }
  return std::move(r);
}

}  // namespace

std::size_t RecordView::counted() const {
  return (bound_on_updates ? updates : mistakes).value_or(0);
}

RecordView read_record(const boost::json::object& record, const std::string& where, bool curves) {
  const RecordFields f(record, where);
  RecordView r;
  r.point = f.count("point");
  r.repeat = f.count("repeat");
  r.learner = f.string("learner");
  r.plugin = f.string("plugin");
  r.params = &f.any("params");
  if (!r.params->is_object()) f.wrong("params", *r.params, "an object (the sweep values)");
  r.status = f.string("status");
  if (r.status != "converged" && r.status != "not_converged" && r.status != "diverged" &&
      r.status != "failed") {
    f.wrong("status", f.any("status"),
            "\"converged\", \"not_converged\", \"diverged\" or \"failed\"");
  }
  if (r.failed()) {
    r.epochs = f.count_or_null("epochs");
    r.mistakes = f.count_or_null("mistakes");
    r.updates = f.count_or_null("updates");
  } else {
    // A run that ran has counted its epochs, mistakes and updates.
    r.epochs = f.count("epochs");
    r.mistakes = f.count("mistakes");
    r.updates = f.count("updates");
  }
  r.train_error = f.number_or_null("train_error");
  r.test_error = f.number_or_null("test_error");
  r.radius = f.number_or_null("R");
  r.rho = f.number_or_null("rho");
  r.bound_applies = f.boolean("bound_applies");
  r.ratio = f.number_or_null("ratio");
  r.bound = f.number_or_null("bound");
  if (r.bound_applies) {
    r.bound_kind = f.string("bound_kind");
    const std::string on = f.string("bound_on");
    if (on != "mistakes" && on != "updates")
      f.wrong("bound_on", f.any("bound_on"), "\"mistakes\" or \"updates\"");
    r.bound_on_updates = on == "updates";
    // plab itself wrote such records when a bound overflowed (null is how JSON holds a
    // non-finite number). A bound that cannot be computed judges nothing: not applicable,
    // and counted apart so that `plab verify` says so.
    if (!r.bound) {
      r.bound_applies = false;
      r.bound_not_computed = true;
      return finish(r, f, curves);
    }
    if (!(r.bound_on_updates ? r.updates : r.mistakes))
      f.wrong(on, f.any(on), "a count (the bound applies to it)");
  }
  return finish(r, f, curves);
}

}  // namespace plab
