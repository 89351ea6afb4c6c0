// One runs.jsonl record, checked and typed: what summaries, `plab verify` and `plab report`
// read from it. A record that plab could not have written (a field missing, of the wrong
// type, a negative count, null where the run's status requires a number) is a DataError
// naming file:line and the field (results/record_fields.hpp).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

namespace plab {

struct RecordView {
  std::size_t point = 0;
  std::size_t repeat = 0;
  std::string learner;
  std::string plugin;
  const boost::json::value* params = nullptr;  // the point's sweep values (an object)
  std::string status;  // "converged" | "not_converged" | "diverged" | "failed"
  // Null only in a failed run's record.
  std::optional<std::size_t> epochs;
  std::optional<std::size_t> mistakes;
  std::optional<std::size_t> updates;
  std::optional<double> train_error;
  std::optional<double> test_error;
  std::optional<double> radius;  // R; null when it overflowed
  std::optional<double> rho;
  bool bound_applies = false;
  // The record says the bound applies but holds null for it (it overflowed when computed):
  // read as not applicable, and counted apart.
  bool bound_not_computed = false;
  std::string bound_kind;  // set when the bound applies
  bool bound_on_updates = false;
  std::optional<double> bound;  // set when the bound applies
  std::optional<double> ratio;
  std::optional<bool> plain_bound_holds;
  std::optional<double> ls_gap;
  std::vector<double> epoch_mistakes;  // empty unless recorded
  std::vector<double> epoch_loss;      // NaN where null

  bool failed() const { return status == "failed"; }
  // What the bound limits: mistakes or updates (0 for a failed run).
  std::size_t counted() const;
};

// `where` is "FILE:LINE". Reads epoch_mistakes/epoch_loss only if `curves`.
RecordView read_record(const boost::json::object& record, const std::string& where,
                       bool curves = false);

}  // namespace plab
