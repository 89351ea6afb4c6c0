#include "report/visit_replay.hpp"

#include <cmath>
#include <exception>
#include <fstream>
#include <memory>
#include <span>
#include <utility>

#include "base/file_hash.hpp"
#include "base/input_file.hpp"
#include "base/random.hpp"
#include "error.hpp"
#include "plugin_loader/param_resolver.hpp"
#include "plugin_loader/plugin_library.hpp"
#include "plugin_loader/plugin_locator.hpp"
#include "protocols/training.hpp"
#include "results/format/run_record.hpp"

namespace plab {

namespace fs = std::filesystem;

namespace {

// Why the replay stopped; caught below and turned into the panel's note.
struct NoReplay {
  std::string why;
};

// The replayed updates of one epoch (or step), as trajectory.jsonl lines.
class UpdateLog final : public UpdateObserver {
 public:
  explicit UpdateLog(std::string prefix) : prefix_(std::move(prefix)) {}
  void on_update(std::size_t sample, std::span<const double> weights) override {
    rows.push_back(sample);
    lines.emplace_back();
    append_trajectory_line(lines.back(), prefix_, epoch, sample, weights);
  }
  std::uint64_t epoch = 0;
  std::vector<std::size_t> rows;
  std::vector<std::string> lines;

 private:
  std::string prefix_;
};

std::vector<std::string> recorded_lines(const fs::path& file, const std::string& prefix) {
  std::vector<std::string> lines;
  refuse_irregular_input(file);
  std::ifstream in(file, std::ios::binary);
  std::string line;
  const std::string head = prefix + ",\"epoch\"";
  while (std::getline(in, line)) {
    if (line.compare(0, head.size(), head) == 0) lines.push_back(line + "\n");
  }
  return lines;
}

bool holds_digest(const fs::path& file, const boost::json::string& sha256) {
  std::error_code ec;
  return fs::is_regular_file(file, ec) && sha256_file(file) == sha256;
}

// The plugin file the run used: the manifest's entry for the learner's plugin, at its
// recorded path or else found by name in the plugin search path, with the recorded SHA-256
// either way (loading a plugin runs its code).
std::shared_ptr<const PluginLibrary> replayed_plugin(const boost::json::object& manifest,
                                                     std::size_t point) {
  boost::system::error_code ec;
  const auto* name =
      manifest.at("points").as_array().at(point).find_pointer("/learners/0/plugin", ec);
  const auto* plugins = manifest.if_contains("plugins");
  if (name == nullptr || !name->is_string() || plugins == nullptr || !plugins->is_array()) {
    throw NoReplay{"the manifest does not name the learner's plugin file"};
  }
  for (const auto& entry : plugins->as_array()) {
    const auto* o = entry.if_object();
    if (o == nullptr || !o->contains("name") || o->at("name") != *name) continue;
    const auto* file = o->if_contains("file");
    const auto* sha256 = o->if_contains("sha256");
    if (file == nullptr || !file->is_string() || sha256 == nullptr || !sha256->is_string()) break;
    const fs::path recorded(std::string(file->as_string()));
    if (holds_digest(recorded, sha256->as_string())) return PluginLibrary::load(recorded);
    fs::path found;
    try {
      found = locate_plugin(std::string(name->as_string()), plugin_search_dirs({}));
    } catch (const Error&) {
    }
    if (!found.empty() && holds_digest(found, sha256->as_string())) {
      return PluginLibrary::load(found);
    }
    throw NoReplay{"plugin '" + std::string(name->as_string()) + "' (" + recorded.string() +
                   ") is not the file the run used: no file of that name has the manifest's "
                   "SHA-256"};
  }
  throw NoReplay{"the manifest does not name the learner's plugin file"};
}

// Where the replayed updates of one epoch fall in its order: one visit per row, the rows that
// updated the weights marked, in the order the learner met them.
void place_epoch(std::uint64_t epoch, const std::vector<std::uint32_t>& order, const UpdateLog& log,
                 std::vector<Visit>& visits) {
  std::size_t at = 0;
  for (const std::size_t row : log.rows) {
    std::size_t p = at;
    while (p < order.size() && order[p] != row) ++p;
    if (p == order.size()) {
      throw NoReplay{"an update of epoch " + std::to_string(epoch) +
                     " does not fall on a row visited later in that epoch (a batch update, "
                     "or two updates on one visit)"};
    }
    for (; at < p; ++at) visits.push_back({epoch, order[at], false});
    visits.push_back({epoch, row, true});
    at = p + 1;
  }
  for (; at < order.size(); ++at) visits.push_back({epoch, order[at], false});
}

class Replay {
 public:
  Replay(const ReportData& d, const PointData& p, std::size_t point)
      : config_(p.config),
        view_(p.data.view()),
        recorded_(recorded_lines(d.dir / "trajectory.jsonl",
                                 trajectory_prefix(point, config_.learners.front().name, 0))),
        log_(trajectory_prefix(point, config_.learners.front().name, 0)) {
    library_ = replayed_plugin(d.manifest, point);
    const LearnerSpec& spec = config_.learners.front();
    params_ = resolve_params(library_->descriptor(), spec.params, spec.pointer + "/params");
    const LearnerSetup setup{params_, p.data.task(), view_.rows, view_.cols, view_.classes};
    learner_ = library_->create(setup);
    if (learner_->weights().size() != view_.cols) throw NoReplay{"the learner is not binary"};
    RunRequest request;
    request.init = &config_.init;
    request.init_seed = derive_seed(config_.seed, point, 0, StreamPurpose::kInitialWeights);
    RunOutcome start;
    draw_initial_weights(request, learner_->weights(), start);
    result_.start = start.initial_weights;
    learner_->on_start(view_);
    order_seed_ = derive_seed(config_.seed, point, 0, StreamPurpose::kOrder);
  }

  VisitReplay run() {
    if (config_.protocol.mistake_driven()) {
      by_steps();
    } else {
      by_epochs();
    }
    if (matched_ != recorded_.size()) {
      throw NoReplay{"the replay made " + std::to_string(matched_) +
                     " updates and trajectory.jsonl holds " + std::to_string(recorded_.size())};
    }
    return std::move(result_);
  }

 private:
  // The log's updates must be the next recorded lines, byte for byte.
  void check_updates() {
    for (const std::string& line : log_.lines) {
      if (matched_ == recorded_.size() || recorded_[matched_] != line) {
        throw NoReplay{"the replay's update " + std::to_string(matched_ + 1) +
                       " differs from trajectory.jsonl's"};
      }
      ++matched_;
    }
    log_.rows.clear();
    log_.lines.clear();
  }

  void too_many(std::size_t more) const {
    if (result_.visits.size() + more > kMaxReplayedVisits) {
      throw NoReplay{"repeat 0 visited more than " + std::to_string(kMaxReplayedVisits) + " rows"};
    }
  }

  // As protocols/training.cpp trains by epochs: a fresh permutation from the order stream
  // per epoch when shuffled, file order otherwise.
  void by_epochs() {
    Rng order_rng(order_seed_);
    const bool shuffle = config_.protocol.order == SampleOrder::kShuffle;
    std::vector<std::uint32_t> order(view_.rows);
    for (std::size_t i = 0; i < view_.rows; ++i) order[i] = static_cast<std::uint32_t>(i);
    const auto max_epochs = static_cast<std::uint64_t>(config_.protocol.max_epochs);
    for (std::uint64_t epoch = 1; epoch <= max_epochs; ++epoch) {
      too_many(view_.rows);
      if (shuffle) order_rng.permutation(order, view_.rows);
      log_.epoch = epoch;
      const EpochOutcome e = learner_->train_epoch(view_, shuffle ? order.data() : nullptr, &log_);
      place_epoch(epoch, order, log_, result_.visits);
      check_updates();
      if (!all_finite(learner_->weights()) || std::isinf(e.loss)) {
        throw NoReplay{"the weights became non-finite in epoch " + std::to_string(epoch)};
      }
      if (e.converged) return;
    }
  }

  // As protocols/training.cpp trains by steps: each step one scan and at most one update, on
  // the worst mistake or on one drawn with the order stream's next uniform number.
  void by_steps() {
    Rng order_rng(order_seed_);
    const MistakePick pick = config_.protocol.order == SampleOrder::kRandomMistake
                                 ? MistakePick::kUniform
                                 : MistakePick::kWorst;
    const std::uint64_t max_steps =
        static_cast<std::uint64_t>(config_.protocol.max_epochs) * view_.rows;
    for (std::uint64_t step = 1; step <= max_steps; ++step) {
      too_many(1);
      // Each step scans every row: bound the replay's work, not only the visits it shows.
      if (step * view_.rows > kMaxReplayedVisits * 1000) {
        throw NoReplay{"repeat 0 made too many steps over too many rows to replay here"};
      }
      log_.epoch = (step - 1) / view_.rows + 1;
      const double u = pick == MistakePick::kUniform ? order_rng.uniform() : 0.0;
      const StepOutcome s = learner_->train_step(view_, pick, u, &log_);
      if (!s.updated) {
        result_.visits.push_back({log_.epoch, std::nullopt, false});
        check_updates();
        return;
      }
      if (log_.rows.size() != 1 || log_.rows.front() != s.sample) {
        throw NoReplay{"step " + std::to_string(step) + " did not make one update on its row"};
      }
      result_.visits.push_back({log_.epoch, s.sample, true});
      check_updates();
      if (!all_finite(learner_->weights())) {
        throw NoReplay{"the weights became non-finite at step " + std::to_string(step)};
      }
    }
  }

  const ExperimentConfig& config_;
  TrainingSet view_;
  std::vector<std::string> recorded_;
  UpdateLog log_;
  std::shared_ptr<const PluginLibrary> library_;
  ParamSet params_;
  std::shared_ptr<Learner> learner_;
  std::uint64_t order_seed_ = 0;
  std::size_t matched_ = 0;
  VisitReplay result_;
};

}  // namespace

VisitReplay replay_visits(const ReportData& report, const PointData& point_data,
                          std::size_t point) {
  VisitReplay none;
  try {
    return Replay(report, point_data, point).run();
  } catch (const NoReplay& stopped) {
    none.note = stopped.why;
  } catch (const std::exception& e) {
    none.note = std::string("the replay failed: ") + e.what();
  }
  return none;
}

}  // namespace plab
