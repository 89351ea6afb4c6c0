// The run record's one writer and one reader (results/format/run_record.hpp) against each other and
// against the published schema (configs/run_record.schema.json): the schema's properties are
// exactly the fields the writer writes, and a record read back writes the same bytes.
#include <cmath>
#include <limits>
#include <set>
#include <string>

#include <gtest/gtest.h>
#include <boost/json/parse.hpp>

#include "error.hpp"
#include "results/folder/run_timing.hpp"
#include "results/format/run_record.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

// A record with every optional part present: bound_note, metrics (one renamed), w, curves.
RunRecord full_record() {
  RunRecord r;
  r.point = 3;
  r.learner = "classic";
  r.plugin = "perceptron";
  r.repeat = 7;
  r.params = boost::json::object{{"/init/scale", 0.5}};
  r.precision = FeaturePrecision::kFloat32;
  r.status = RunStatus::kConverged;
  r.converged = true;
  r.epochs = 4;
  r.steps = 12;
  r.mistakes = 9;
  r.updates = 9;
  r.train_error = 0.0;
  r.test_error = 0.25;
  r.w_norm = 3.5;
  r.w0_norm = 0.0;
  r.R = 2.0;
  r.separable = true;
  r.gamma = 0.5;
  r.w_ref_norm = 1.0;
  r.rho = 0.5;
  r.rho_upper = 0.75;
  r.learner_fields = {{"kernel_R", 4.0},
                      {"kernel_separable", true},
                      {"kernel_rho", 1.25},
                      {"kernel_rho_upper", 1.5}};
  r.bound = 16.0;
  r.bound_kind = "novikoff";
  r.bound_on = BoundCount::kMistakes;
  r.bound_applies = true;
  r.bound_note = "a note";
  r.ratio = 9.0 / 16.0;
  r.bound_holds = true;
  r.bound_clean = 15.0;
  r.plain_bound = 16.0;
  r.plain_bound_holds = true;
  r.ls_gap = 0.125;
  r.ls_distance = 0.5;
  r.nonsep_bound = 60.5;
  r.nonsep_bound_kind = "hinge_sequence";
  r.nonsep_ratio = 9.0 / 60.5;
  r.nonsep_bound_holds = true;
  r.form_fields = {{"gamma1", 0.2}, {"R_inf", 1.0}, {"winnow_weights", std::uint64_t{22}}};
  r.nonsep_candidate = 3;
  r.nonsep_C = 0.25;
  r.nonsep_v_norm = 1.5;
  r.nonsep_hinge_norm = 2.5;
  r.nonsep_rounds_bound = 40.0;
  r.nonsep_rounds_kind = "hinge_rounds";
  r.nonsep_rounds_ratio = 0.2;
  r.nonsep_rounds_holds = true;
  r.nonsep_rounds_candidate = 1;
  r.nonsep_rounds_L = 3.5;
  r.loss = 1.5;
  r.metrics = {{record_metric_name("point"), 2.0}, {record_metric_name("margin_seen"), 0.25}};
  r.error = "none";
  r.weights_recorded = true;
  r.w = std::vector<double>{1.0, -2.5};
  r.curve_recorded = true;
  r.epoch_mistakes = {5, 4, 0};
  r.epoch_loss = {2.0, std::numeric_limits<double>::quiet_NaN(), 1.5};
  r.sample_mistakes_recorded = true;
  r.sample_mistakes = std::vector<std::uint64_t>{3, 0, 5};
  return r;
}

boost::json::object parse_line(const std::string& line) {
  return boost::json::parse(line).as_object();
}

TEST(RunRecord, SchemaPropertiesAreTheFieldsTheWriterWrites) {
  const boost::json::object schema =
      boost::json::parse(
          test::read_file(std::string(PLAB_SOURCE_DIR) + "/configs/run_record.schema.json"))
          .as_object();
  std::set<std::string> properties;
  for (const auto& [key, value] : schema.at("properties").as_object())
    properties.insert(std::string(key));
  std::set<std::string> written;
  std::vector<std::string> in_order;
  for (const auto& [key, value] : parse_line(write_run_record(full_record()))) {
    if (key == "metric_point" || key == "margin_seen") continue;  // the learner's metrics
    written.insert(std::string(key));
    in_order.emplace_back(key);
  }
  EXPECT_EQ(properties, written) << "configs/run_record.schema.json and write_run_record differ";
  // The record's own field list (used to rename clashing metrics) is the written one.
  EXPECT_EQ(in_order,
            std::vector<std::string>(run_record_fields().begin(), run_record_fields().end()));
  // Every required property is a field the writer writes in every record.
  for (const auto& name : schema.at("required").as_array()) {
    const std::string n(name.as_string());
    EXPECT_TRUE(n != "bound_note" && n != "w" && n != "epoch_mistakes" && n != "epoch_loss") << n;
  }
}

TEST(RunRecord, MetricsNamedLikeAFieldArePrefixed) {
  EXPECT_EQ(record_metric_name("point"), "metric_point");
  EXPECT_EQ(record_metric_name("w"), "metric_w");
  EXPECT_EQ(record_metric_name("margin_seen"), "margin_seen");
  const std::string line = write_run_record(full_record());
  // Metrics sit between loss and error.
  EXPECT_LT(line.find("\"loss\""), line.find("\"metric_point\""));
  EXPECT_LT(line.find("\"margin_seen\""), line.find("\"error\""));
}

TEST(RunRecord, ReadBackWritesTheSameBytes) {
  const std::string full = write_run_record(full_record());
  EXPECT_EQ(
      write_run_record(read_run_record(parse_line(full), "runs.jsonl:1", RecordDetail::kFull)),
      full);
  // A failed run: counts, bound and optional parts null or absent.
  RunRecord failed;
  failed.learner = "x";
  failed.plugin = "throwing_epoch";
  failed.status = RunStatus::kFailed;
  failed.R = std::numeric_limits<double>::infinity();  // written null, read back absent
  failed.error = "fixture fails";
  failed.weights_recorded = true;
  const std::string line = write_run_record(failed);
  EXPECT_NE(line.find("\"R\":null"), std::string::npos);
  EXPECT_NE(line.find("\"w\":null"), std::string::npos);
  EXPECT_EQ(line.find("bound_note"), std::string::npos);
  EXPECT_EQ(line.find("epoch_loss"), std::string::npos);
  const RunRecord back = read_run_record(parse_line(line), "runs.jsonl:2", RecordDetail::kFull);
  EXPECT_TRUE(back.failed());
  EXPECT_FALSE(back.R.has_value());
  EXPECT_FALSE(back.mistakes.has_value());
  EXPECT_EQ(write_run_record(back), line);
}

TEST(RunRecord, ScalarReadLeavesTheLongPartsUnread) {
  const RunRecord r = read_run_record(parse_line(write_run_record(full_record())), "f:1");
  EXPECT_TRUE(r.weights_recorded);
  EXPECT_FALSE(r.w.has_value());
  EXPECT_TRUE(r.epoch_mistakes.empty());
  ASSERT_EQ(r.metrics.size(), 2u);
  EXPECT_EQ(r.metrics[0].first, "metric_point");
  EXPECT_EQ(r.counted(), 9u);
}

std::string read_error(const boost::json::object& record) {
  try {
    read_run_record(record, "DIR/runs.jsonl:7", RecordDetail::kFull);
  } catch (const DataError& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(RunRecord, ReaderNamesFileLineFieldExpectedAndFound) {
  const boost::json::object good = parse_line(write_run_record(full_record()));
  auto edited = [&](const char* key, boost::json::value v) {
    boost::json::object r = good;
    r[key] = std::move(v);
    return read_error(r);
  };
  EXPECT_EQ(read_error(good), "(accepted)");
  EXPECT_NE(
      edited("converged", "yes")
          .find(
              "DIR/runs.jsonl:7: field 'converged' is \"yes\" (a string); expected true or false"),
      std::string::npos);
  EXPECT_NE(edited("mistakes", -1).find("field 'mistakes' is -1 (a number); expected a count"),
            std::string::npos);
  EXPECT_NE(edited("error", 3).find("field 'error' is 3 (a number); expected a string or null"),
            std::string::npos);
  EXPECT_NE(edited("margin_seen", "big")
                .find("field 'margin_seen' is \"big\" (a string); expected a number or null (a "
                      "learner metric)"),
            std::string::npos);
  EXPECT_NE(edited("bound_on", "epochs").find("field 'bound_on'"), std::string::npos);
  EXPECT_NE(edited("epoch_loss", boost::json::array{1, "x"}).find("field 'epoch_loss/1'"),
            std::string::npos);
  for (const char* message :
       {"expected a string or null", "expected a number or null (a learner metric)"}) {
    EXPECT_NE(test::troubleshooting_section().find(message), std::string::npos)
        << "README's Troubleshooting lacks '" << message << "'";
  }
  boost::json::object missing = good;
  missing.erase("w0_norm");
  EXPECT_NE(read_error(missing).find("field 'w0_norm' is missing"), std::string::npos);
}

TEST(RunTiming, WrittenAndReadBack) {
  const std::string lost = write_timing({2, "classic", 5, std::nullopt, std::nullopt});
  EXPECT_EQ(lost,
            "{\"point\":2,\"learner\":\"classic\",\"repeat\":5,\"seconds\":null,"
            "\"train_seconds\":null}\n");
  const auto back = read_timing(write_timing({1, "a", 0, 0.5, 0.25}));
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->learner, "a");
  EXPECT_EQ(back->seconds, 0.5);
  EXPECT_EQ(back->train_seconds, 0.25);
  for (const char* damaged :
       {"{\"point\":1,\"learner\":\"a\",\"repeat\":0,\"seconds\":-1,\"train_seconds\":0}",
        "{\"point\":1,\"learner\":\"a\",\"repeat\":0,\"seconds\":1}",
        "{\"point\":-1,\"learner\":\"a\",\"repeat\":0,\"seconds\":1,\"train_seconds\":1}",
        "{\"point\":1,\"learner\":2,\"repeat\":0,\"seconds\":1,\"train_seconds\":1}", "[1]", "{"}) {
    EXPECT_FALSE(read_timing(damaged).has_value()) << damaged;
  }
}

}  // namespace
}  // namespace plab
