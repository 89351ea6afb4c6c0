// Google Benchmark program: the real plugins against hand-written loops compiled into this
// binary, the engine's overhead, parallel repeats, CSV loading and growth, and the
// physical limit beside them: how fast this machine merely reads the data once.
//
// Every learner benchmark runs 10 epochs from zero weights per iteration and reports
// the sample visits per iteration (counter `visits`), from which bench/summarize.py derives
// the time per visit. Sizes: 50,000 × 100 by default; with
// PLAB_BENCH_SMALL=1 (the CI smoke test) everything is tiny. bench/run builds this with
// -O3 -march=native and turns the output into the table of BENCHMARKS.md.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "config/experiment_source.hpp"
#include "config/json_file.hpp"
#include "data/aligned_array.hpp"
#include "data/dataset_loader.hpp"
#include "data/synthetic.hpp"
#include "plab/kernels.hpp"
#include "plab/prefetch.hpp"
#include "plugin_loader/param_resolver.hpp"
#include "plugin_loader/plugin_library.hpp"
#include "protocols/protocol.hpp"
#include "run/experiment.hpp"
#include "run/session.hpp"

namespace {

using plab::Dataset;
using plab::Json;

constexpr int kEpochs = 10;

bool small() { return std::getenv("PLAB_BENCH_SMALL") != nullptr; }
std::size_t rows() { return small() ? 2000 : 50000; }
std::size_t dims() { return small() ? 20 : 100; }

// Separable synthetic data (the engine's generator), built once per shape and kept.
const Dataset& data_set(const std::string& generator, std::size_t n, std::size_t d,
                        std::size_t classes = 2) {
  static std::map<std::string, std::unique_ptr<Dataset>> cache;
  const std::string key = generator + std::to_string(n) + "x" + std::to_string(d);
  auto& slot = cache[key];
  if (!slot) {
    plab::DatasetSpec spec;
    spec.kind = plab::DatasetKind::kSynthetic;
    spec.synthetic.generator = *plab::kind_of_word(plab::kGeneratorWords, generator);
    spec.synthetic.rows = n;
    spec.synthetic.dim = d;
    spec.synthetic.radius = std::sqrt(static_cast<double>(d));
    spec.synthetic.margin = generator == "multiclass" ? 0.001 : 0.01;
    spec.synthetic.classes = classes;
    spec.synthetic.flip = 0.05;
    slot = std::make_unique<Dataset>(plab::load_dataset(spec, 7));
  }
  return *slot;
}

std::shared_ptr<const plab::PluginLibrary> plugin(const std::string& name) {
  static std::map<std::string, std::shared_ptr<const plab::PluginLibrary>> cache;
  auto& p = cache[name];
  if (!p) p = plab::PluginLibrary::load(std::string(PLAB_PLUGIN_DIR) + "/" + name + ".so");
  return p;
}

// Sample visits per iteration; bench/summarize.py divides the time by it.
void visits(benchmark::State& state, const Dataset& d) {
  state.counters["visits"] = static_cast<double>(d.rows()) * kEpochs;
}

// The real plugin: 10 epochs through its shared library.
void run_plugin(benchmark::State& state, const std::string& name, const Json& params,
                const Dataset& d) {
  const auto lib = plugin(name);
  const plab::ParamSet p = plab::resolve_params(lib->descriptor(), params, "/params");
  const plab::TrainingSet view = d.view();
  for (auto _ : state) {
    const plab::LearnerSetup setup{p, d.task(), d.rows(), d.cols(), d.class_names().size()};
    auto learner = lib->create(setup);
    learner->on_start(view);  // as the engine does once w₀ (here zero) is written
    for (int e = 0; e < kEpochs; ++e) {
      benchmark::DoNotOptimize(learner->train_epoch(view, nullptr, nullptr));
    }
    benchmark::DoNotOptimize(learner->weights().data());
  }
  visits(state, d);
}

// ---- classic perceptron -------------------------------------------------------------

// The straightforward hand-written SIMD loop: OpenMP's simd reduction vectorises the dot.
double simd_dot(const double* w, const double* x, std::size_t n) {
  double s = 0.0;
#pragma omp simd reduction(+ : s)
  for (std::size_t j = 0; j < n; ++j) s += w[j] * x[j];
  return s;
}

void BM_ClassicHandSimd(benchmark::State& state) {
  const Dataset& d = data_set("separable", rows(), dims());
  const plab::TrainingSet v = d.view();
  std::vector<double> w(v.cols);
  for (auto _ : state) {
    std::fill(w.begin(), w.end(), 0.0);
    for (int e = 0; e < kEpochs; ++e) {
      for (std::size_t i = 0; i < v.rows; ++i) {
        const double* x = v.row(i);
        const double y = v.sign[i];
        if (y * simd_dot(w.data(), x, v.cols) <= 0.0) {
#pragma omp simd
          for (std::size_t j = 0; j < v.cols; ++j) w[j] += y * x[j];
        }
      }
    }
    benchmark::DoNotOptimize(w.data());
  }
  visits(state, d);
}

void BM_ClassicHandSequential(benchmark::State& state) {
  const Dataset& d = data_set("separable", rows(), dims());
  const plab::TrainingSet v = d.view();
  std::vector<double> w(v.cols);
  for (auto _ : state) {
    std::fill(w.begin(), w.end(), 0.0);
    for (int e = 0; e < kEpochs; ++e) {
      for (std::size_t i = 0; i < v.rows; ++i) {
        const double* x = v.row(i);
        const double y = v.sign[i];
        if (y * plab::dot(w.data(), x, v.cols) <= 0.0) plab::add_scaled(w.data(), y, x, v.cols);
      }
    }
    benchmark::DoNotOptimize(w.data());
  }
  visits(state, d);
}

void BM_ClassicPluginBlocked(benchmark::State& state) {
  run_plugin(state, "perceptron", Json{{"dot", "blocked"}}, data_set("separable", rows(), dims()));
}
void BM_ClassicPluginSequential(benchmark::State& state) {
  run_plugin(state, "perceptron", Json::object(), data_set("separable", rows(), dims()));
}

// ---- the other learners, each against its own hand-written loop ---------------------

void BM_EtaHand(benchmark::State& state) {
  const Dataset& d = data_set("separable", rows(), dims());
  const plab::TrainingSet v = d.view();
  const double eta = 0.5;
  std::vector<double> w(v.cols);
  for (auto _ : state) {
    std::fill(w.begin(), w.end(), 0.0);
    for (int e = 0; e < kEpochs; ++e) {
      for (std::size_t i = 0; i < v.rows; ++i) {
        const double* x = v.row(i);
        const double y = v.sign[i];
        if (y * plab::dot(w.data(), x, v.cols) <= 0.0)
          plab::add_scaled(w.data(), eta * y, x, v.cols);
      }
    }
    benchmark::DoNotOptimize(w.data());
  }
  visits(state, d);
}
void BM_EtaPlugin(benchmark::State& state) {
  run_plugin(state, "eta_perceptron", Json{{"eta", 0.5}}, data_set("separable", rows(), dims()));
}

void BM_BatchHand(benchmark::State& state) {
  const Dataset& d = data_set("noisy", rows(), dims());
  const plab::TrainingSet v = d.view();
  std::vector<double> w(v.cols);
  std::vector<double> g(v.cols);
  for (auto _ : state) {
    std::fill(w.begin(), w.end(), 0.0);
    for (int e = 0; e < kEpochs; ++e) {
      std::fill(g.begin(), g.end(), 0.0);
      for (std::size_t i = 0; i < v.rows; ++i) {
        const double* x = v.row(i);
        if (v.sign[i] * plab::dot(w.data(), x, v.cols) <= 0.0) {
          plab::add_scaled(g.data(), v.sign[i], x, v.cols);
        }
      }
      plab::add_scaled(w.data(), 1.0, g.data(), v.cols);
    }
    benchmark::DoNotOptimize(w.data());
  }
  visits(state, d);
}
void BM_BatchPlugin(benchmark::State& state) {
  run_plugin(state, "batch_perceptron", Json::object(), data_set("noisy", rows(), dims()));
}

void BM_MulticlassHand(benchmark::State& state) {
  const Dataset& d = data_set("multiclass", rows(), dims(), 10);
  const plab::TrainingSet v = d.view();
  const std::size_t k = v.classes;
  std::vector<double> w(k * v.cols);
  std::vector<double> s(k);
  for (auto _ : state) {
    std::fill(w.begin(), w.end(), 0.0);
    for (int e = 0; e < kEpochs; ++e) {
      for (std::size_t i = 0; i < v.rows; ++i) {
        const double* x = v.row(i);
        const auto y = static_cast<std::size_t>(v.label[i]);
        for (std::size_t c = 0; c < k; ++c) s[c] = plab::dot(&w[c * v.cols], x, v.cols);
        std::size_t other = y == 0 ? 1 : 0;
        for (std::size_t c = 0; c < k; ++c) {
          if (c != y && s[c] > s[other]) other = c;
        }
        if (s[other] >= s[y]) {
          plab::add_scaled(&w[y * v.cols], 1.0, x, v.cols);
          plab::add_scaled(&w[other * v.cols], -1.0, x, v.cols);
        }
      }
    }
    benchmark::DoNotOptimize(w.data());
  }
  visits(state, d);
}
void BM_MulticlassPlugin(benchmark::State& state) {
  run_plugin(state, "multiclass_perceptron", Json::object(),
             data_set("multiclass", rows(), dims(), 10));
}

void BM_LinearUnitHand(benchmark::State& state) {
  const Dataset& d = data_set("noisy", rows(), dims());
  const plab::TrainingSet v = d.view();
  const double eta = 1e-4;
  std::vector<double> w(v.cols);
  for (auto _ : state) {
    std::fill(w.begin(), w.end(), 0.0);
    for (int e = 0; e < kEpochs; ++e) {
      for (std::size_t i = 0; i < v.rows; ++i) {
        const double* x = v.row(i);
        const double o = plab::dot(w.data(), x, v.cols);
        plab::add_scaled(w.data(), eta * (v.sign[i] - o), x, v.cols);
      }
      double loss = 0.0;  // the plugin evaluates E(w) after each epoch for its stopping rule
      for (std::size_t i = 0; i < v.rows; ++i) {
        const double r = v.sign[i] - plab::dot(w.data(), v.row(i), v.cols);
        loss += r * r;
      }
      benchmark::DoNotOptimize(loss);
    }
    benchmark::DoNotOptimize(w.data());
  }
  visits(state, d);
}
void BM_LinearUnitPlugin(benchmark::State& state) {
  run_plugin(state, "linear_unit_sgd", Json{{"eta", 1e-4}, {"tol", 0.0}},
             data_set("noisy", rows(), dims()));
}

// ---- engine overhead: a full protocol run against the plugin's loop alone -----------

constexpr int kOverheadEpochs = 200;

void BM_OverheadPluginLoop(benchmark::State& state) {
  const Dataset& d = data_set("noisy", small() ? 1000 : 5000, 20);
  const auto lib = plugin("perceptron");
  const plab::ParamSet p = plab::resolve_params(lib->descriptor(), Json::object(), "/params");
  for (auto _ : state) {
    const plab::LearnerSetup setup{p, d.task(), d.rows(), d.cols(), 2};
    auto learner = lib->create(setup);
    for (int e = 0; e < kOverheadEpochs; ++e) {
      benchmark::DoNotOptimize(learner->train_epoch(d.view(), nullptr, nullptr));
    }
  }
  state.counters["epochs"] = kOverheadEpochs;
}

void BM_OverheadEngineRun(benchmark::State& state) {
  const Dataset& d = data_set("noisy", small() ? 1000 : 5000, 20);
  const auto lib = plugin("perceptron");
  const plab::ParamSet p = plab::resolve_params(lib->descriptor(), Json::object(), "/params");
  plab::InitSpec init;
  plab::ProtocolSpec protocol;
  protocol.max_epochs = kOverheadEpochs;  // noisy data: every run uses all its epochs
  const plab::TrainingSet view = d.view();
  for (auto _ : state) {
    plab::RunRequest r;
    r.data = &view;
    r.plugin = lib.get();
    r.params = &p;
    r.init = &init;
    r.protocol = &protocol;
    benchmark::DoNotOptimize(plab::run_protocol(r));
  }
  state.counters["epochs"] = kOverheadEpochs;
}

// ---- parallel repeats: 64 runs to convergence through the real runner ---------------

void BM_ParallelRepeats(benchmark::State& state) {
  const int threads = static_cast<int>(state.range(0));
  const auto folder = std::filesystem::temp_directory_path() / "plab-bench-parallel";
  std::filesystem::create_directories(folder);
  const auto config = folder / "parallel.json";
  std::ofstream(config) << R"({"name": "parallel", "seed": 1, "repeats": 64,
    "dataset": {"kind": "synthetic", "generator": "separable", "rows": )"
                        << (small() ? 500 : 4000) << R"(, "dim": )" << (small() ? 10 : 50)
                        << R"(, "radius": 7, "margin": 0.02},
    "learners": [{"plugin": "perceptron"}], "init": {"kind": "gaussian", "scale": 1},
    "theory": {"margin": "none"},
    "protocol": {"max_epochs": 100000, "order": "shuffle"}})";
  // The session `plab run` uses, prepared outside the timing: what is timed is the runs and
  // their records, summary and manifest (no report).
  plab::SessionRequest request;
  request.config = config;
  request.threads = threads;
  request.prepare = plab::PrepareOptions{{PLAB_PLUGIN_DIR}};
  request.report = false;
  plab::SessionObserver quiet;
  int k = 0;
  for (auto _ : state) {
    state.PauseTiming();
    request.out = folder / ("out-" + std::to_string(threads) + "-" + std::to_string(k++));
    std::filesystem::remove_all(*request.out);
    plab::Session session = plab::Session::prepare(request, quiet);
    state.ResumeTiming();
    benchmark::DoNotOptimize(session.run(quiet));
    state.PauseTiming();
    std::filesystem::remove_all(*request.out);
    state.ResumeTiming();
  }
}

// ---- loading a 50,000 × 100 CSV -------------------------------------------------------

void BM_LoadCsv(benchmark::State& state) {
  const std::size_t n = rows();
  const std::size_t d = dims();
  const auto file = std::filesystem::temp_directory_path() /
                    ("plab-bench-" + std::to_string(n) + "x" + std::to_string(d) + ".csv");
  if (!std::filesystem::exists(file)) {
    const Dataset& data = data_set("separable", n, d);
    std::ofstream out(file);
    for (std::size_t j = 0; j < d; ++j) out << "x" << j << ",";
    out << "label\n";
    out.precision(17);
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = 1; j <= d; ++j) out << data.row(i)[j] << ",";
      out << (data.label(i) == 1 ? "1" : "-1") << "\n";
    }
  }
  plab::DatasetSpec spec;
  spec.kind = plab::DatasetKind::kCsv;
  spec.path = file;
  for (auto _ : state) benchmark::DoNotOptimize(plab::load_dataset(spec));
  state.counters["MB"] = static_cast<double>(std::filesystem::file_size(file)) / 1e6;
}

// An svmlight file of rows() rows, 100 non-zeros each among 1,000,000 features (sorted
// indices, values printed with 6 significant digits, as such files usually are), read into
// sparse storage: the svmlight reader's throughput.
void BM_LoadSvmlight(benchmark::State& state) {
  const std::size_t n = rows();
  const auto file =
      std::filesystem::temp_directory_path() / ("plab-bench-" + std::to_string(n) + "x1000000.svm");
  if (!std::filesystem::exists(file)) {
    std::mt19937_64 rng(21);
    std::uniform_int_distribution<std::uint32_t> column(1, 1000000);
    std::uniform_real_distribution<double> value(-1.0, 1.0);
    std::ofstream out(file);
    out.precision(6);
    std::vector<std::uint32_t> columns;
    for (std::size_t i = 0; i < n; ++i) {
      columns.clear();
      while (columns.size() < 100) {
        const std::uint32_t c = column(rng);
        if (std::find(columns.begin(), columns.end(), c) == columns.end()) columns.push_back(c);
      }
      std::sort(columns.begin(), columns.end());
      out << (rng() % 2 == 0 ? "+1" : "-1");
      for (std::uint32_t c : columns) out << ' ' << c << ':' << value(rng);
      out << '\n';
    }
  }
  plab::DatasetSpec spec;
  spec.kind = plab::DatasetKind::kSvmlight;
  spec.path = file;
  spec.storage = plab::FeatureStorage::kSparse;
  for (auto _ : state) benchmark::DoNotOptimize(plab::load_dataset(spec));
  state.counters["MB"] = static_cast<double>(std::filesystem::file_size(file)) / 1e6;
  state.counters["MB_per_s"] =
      benchmark::Counter(static_cast<double>(std::filesystem::file_size(file)) / 1e6,
                         benchmark::Counter::kIsIterationInvariantRate);
}

// ---- growth: time per epoch over N and d ----------------------------------------------

void BM_Growth(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const auto d = static_cast<std::size_t>(state.range(1));
  const Dataset& data = data_set("noisy", n, d);
  const auto lib = plugin("perceptron");
  const plab::ParamSet p =
      plab::resolve_params(lib->descriptor(), Json{{"dot", "blocked"}}, "/params");
  const plab::LearnerSetup setup{p, data.task(), data.rows(), data.cols(), 2};
  auto learner = lib->create(setup);
  for (auto _ : state)
    benchmark::DoNotOptimize(learner->train_epoch(data.view(), nullptr, nullptr));
  state.counters["Nd"] = static_cast<double>(n * d);
}

void growth_sizes(benchmark::internal::Benchmark* b) {
  const std::vector<long> ns =
      small() ? std::vector<long>{500, 1000} : std::vector<long>{6250, 12500, 25000, 50000};
  const std::vector<long> ds = small() ? std::vector<long>{8, 16} : std::vector<long>{25, 50, 100};
  for (long n : ns) {
    for (long d : ds) b->Args({n, d});
  }
}

// ---- the physical limit: reading the data once ----------------------------------------

// The sum of n doubles with 32 independent partial sums, so that the loop is bound by how
// fast the values arrive (cache or memory), not by the latency of one chain of additions.
double read_sum(const double* x, std::size_t n) {
  constexpr std::size_t kPartial = 32;
  double s[kPartial] = {};
  std::size_t i = 0;
  for (; i + kPartial <= n; i += kPartial) {
    for (std::size_t k = 0; k < kPartial; ++k) s[k] += x[i + k];
  }
  double total = 0.0;
  for (; i < n; ++i) total += x[i];
  for (double v : s) total += v;
  return total;
}

// The data set's size as the engine holds it: rows × (features + bias) doubles.
long data_set_bytes() { return static_cast<long>(rows() * (dims() + 1) * sizeof(double)); }

// One pass, in order, over an array of state.range(0) bytes: 16 KiB stays in L1, 256 KiB in
// L2, and the data set's size (40.4 MB) is what one epoch of cyclic order reads (from L3 or
// memory, whichever holds it on this machine). bytes_per_second is the read rate.
void BM_ReadPass(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0)) / sizeof(double);
  plab::AlignedArray x(n);
  std::fill(x.data(), x.data() + n, 1.0);  // touch every page before timing
  for (auto _ : state) benchmark::DoNotOptimize(read_sum(x.data(), n));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(0));
  state.counters["bytes"] = static_cast<double>(state.range(0));
}

// Eight orders' rows read side by side, column by column across the eight rows, as lanes read
// them: the rows' cache misses are in flight together. (Row after row was slower: 6.9-7.4
// against 3.7 ms a pass.) The eight sums are one vector, in registers.
double read_side_by_side(const double* x, std::size_t cols,
                         const std::vector<std::vector<std::size_t>>& orders) {
  if (orders.size() != 8) throw std::invalid_argument("read_side_by_side reads 8 orders");
  using Eight = double __attribute__((vector_size(64)));
  Eight sum = {};
  const double* row[8];
  const std::size_t n = orders[0].size();
  for (std::size_t t = 0; t < n; ++t) {
    for (std::size_t k = 0; k < 8; ++k) row[k] = x + orders[k][t] * cols;
    if (t + 1 < n) {  // as the lanes ask for the next sample's rows (plab/prefetch.hpp)
      for (std::size_t k = 0; k < 8; ++k) {
        plab::prefetch_to_l2(x + orders[k][t + 1] * cols, cols * sizeof(double));
      }
    }
    for (std::size_t j = 0; j < cols; ++j) {
      Eight column;
      for (std::size_t k = 0; k < 8; ++k) column[k] = row[k][j];
      sum += column;
    }
  }
  double total = 0.0;
  for (std::size_t k = 0; k < 8; ++k) total += sum[k];
  return total;
}

// Passes over the data set's rows (features + bias) in a random order, as epochs of
// "order": "shuffle" read them: the limit for per-run shuffles, where every run reads its own
// rows. state.range(0) orders, 1 (a run alone) or 8 (8 runs in lanes), are read side by side,
// the coming rows asked for in L2 as plab's loops ask for them (plab/prefetch.hpp).
// bytes_per_second counts every pass; per pass, the time is real time / range(0).
void BM_ReadPassShuffledRows(benchmark::State& state) {
  const std::size_t n = rows();
  const std::size_t cols = dims() + 1;
  const auto side_by_side = static_cast<std::size_t>(state.range(0));
  plab::AlignedArray x(n * cols);
  std::fill(x.data(), x.data() + n * cols, 1.0);
  std::vector<std::vector<std::size_t>> orders(side_by_side, std::vector<std::size_t>(n));
  std::mt19937_64 rng(7);
  for (std::vector<std::size_t>& order : orders) {
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::shuffle(order.begin(), order.end(), rng);
  }
  for (auto _ : state) {
    double s = 0.0;
    if (side_by_side == 1) {
      const std::vector<std::size_t>& order = orders[0];
      for (std::size_t t = 0; t < n; ++t) {  // as a run alone asks for its rows
        if (t + plab::kPrefetchAhead < n) {
          plab::prefetch_to_l2(x.data() + order[t + plab::kPrefetchAhead] * cols,
                               cols * sizeof(double));
        }
        s += read_sum(x.data() + order[t] * cols, cols);
      }
    } else {
      s = read_side_by_side(x.data(), cols, orders);
    }
    benchmark::DoNotOptimize(s);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * side_by_side) *
                          data_set_bytes());
  state.counters["bytes"] = static_cast<double>(data_set_bytes());
  state.counters["passes"] = static_cast<double>(side_by_side);
}

void read_sizes(benchmark::internal::Benchmark* b) {
  b->Arg(16 << 10)->Arg(256 << 10)->Arg(data_set_bytes());
}

// A limit of a sequential sparse epoch on bench/sparse_large.py's shape (100,000 rows of 100
// entries): the sequential score (docs/learners.md, "Conventions") is one chain of dependent
// additions per row, in entry
// order, whatever the data. This pass sums exactly such chains, row by row, with the weights
// folded into 4 KiB (index mod 512, always in L1): no cache miss, no branch, no update, so
// its time is the chain's latency alone. A one-run epoch that sums sequentially takes at
// least this long (plab/certified_sign_dot.hpp spares the chain, where it pays);
// `ns_per_entry` is set beside row 21.1's (bench/sparse_large.py).
void BM_SparseSequentialChain(benchmark::State& state) {
  constexpr std::size_t kRows = 100'000, kPerRow = 100;
  std::mt19937_64 rng(21);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  std::vector<std::uint32_t> index(kRows * kPerRow);
  std::vector<double> value(index.size());
  for (std::uint32_t& j : index) j = static_cast<std::uint32_t>(rng() % 512);
  for (double& v : value) v = uniform(rng);
  std::vector<double> w(512);
  for (double& v : w) v = uniform(rng);
  for (auto _ : state) {
    double total = 0.0;
    for (std::size_t i = 0; i < kRows; ++i) {
      double s = 0.0;
      for (std::size_t k = i * kPerRow; k < (i + 1) * kPerRow; ++k) s += w[index[k]] * value[k];
      total += s;
    }
    benchmark::DoNotOptimize(total);
  }
  state.counters["ns_per_entry"] = benchmark::Counter(
      static_cast<double>(index.size()) * 1e-9,
      benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

// The limit of a one-run epoch on bench/sparse_large.py's own file,
// measured only when that script names it (PLAB_BENCH_SPARSE_FILE, its features in
// PLAB_BENCH_SPARSE_FEATURES): the file loaded as `plab run` loads it (sparse, no bias), and
// every stored entry's weight and value fetched once, in row order, into 8 independent sums
// (Arg 0). No chain of dependent additions, no branch, no update: any epoch, whatever its
// order of summation, fetches at least these operands, so it takes at least this long.
// Arg 1 is the reference's epoch without its updates: each row's sequential score and its
// sign, as a hand-written loop. `epoch_ms` is the time of one pass.
void BM_SparseGatherLimit(benchmark::State& state, const std::string& path, std::size_t features) {
  plab::DatasetSpec spec;
  spec.kind = plab::DatasetKind::kSvmlight;
  spec.path = path;
  spec.storage = plab::FeatureStorage::kSparse;
  spec.augment = false;
  spec.n_features = features;
  const Dataset data = plab::load_dataset(spec);
  const plab::TrainingSet view = data.view();
  std::vector<double> w(view.cols);
  std::mt19937_64 rng(21);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  for (double& v : w) v = uniform(rng);
  const std::uint64_t entries = view.csr_offset[view.rows];
  const bool sequential = state.range(0) == 1;
  for (auto _ : state) {
    if (sequential) {
      std::size_t negative = 0;
      for (std::size_t i = 0; i < view.rows; ++i) {
        negative += plab::dot(w.data(), view.sparse_row(i)) * view.sign[i] <= 0.0 ? 1 : 0;
      }
      benchmark::DoNotOptimize(negative);
      continue;
    }
    double lane[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    std::uint64_t k = 0;
    for (; k + 8 <= entries; k += 8) {
      for (int j = 0; j < 8; ++j) lane[j] += w[view.csr_index[k + j]] * view.csr_value[k + j];
    }
    for (; k < entries; ++k) lane[0] += w[view.csr_index[k]] * view.csr_value[k];
    benchmark::DoNotOptimize(lane);
  }
  state.counters["entries"] = static_cast<double>(entries);
  state.counters["epoch_ms"] = benchmark::Counter(
      1e-3, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

// Registered only when bench/sparse_large.py names its file.
const bool kSparseGatherLimitRegistered = [] {
  const char* path = std::getenv("PLAB_BENCH_SPARSE_FILE");
  const char* features = std::getenv("PLAB_BENCH_SPARSE_FEATURES");
  if (path == nullptr || features == nullptr) return false;
  benchmark::RegisterBenchmark("BM_SparseGatherLimit", BM_SparseGatherLimit, std::string(path),
                               static_cast<std::size_t>(std::stoull(features)))
      ->Arg(0)
      ->Arg(1)
      ->Unit(benchmark::kMillisecond);
  return true;
}();

}  // namespace

// ---- kernel perceptron ------------------------------------------------------------------
// 5,000 rows, rbf kernel, trained to convergence on separable data, with a kernel-row budget
// (state.range(0), MiB) of 8 — far below the 200 MB Gram matrix, so most rows are recomputed
// at every use — and of 256, which caches every support row. Counters: epochs to converge,
// support rows, rows cached, and `epoch_seconds` (real time / epochs).
void BM_KernelRbf(benchmark::State& state) {
  const Dataset& d = data_set("separable", small() ? 300 : 5000, 5);
  const auto lib = plugin("kernel_perceptron");
  const plab::ParamSet p = plab::resolve_params(
      lib->descriptor(),
      Json{{"kernel", "rbf"}, {"gamma", 0.5}, {"cache_mb", static_cast<double>(state.range(0))}},
      "/params");
  const plab::TrainingSet view = d.view();
  std::uint64_t epochs = 0;
  struct Sink : plab::MetricSink {
    void put(std::string_view name, double value) override { values[std::string(name)] = value; }
    std::map<std::string, double> values;
  } sink;
  for (auto _ : state) {
    const plab::LearnerSetup setup{p, d.task(), d.rows(), d.cols(), d.class_names().size()};
    auto learner = lib->create(setup);
    learner->on_start(view);
    epochs = 0;
    while (epochs < 1000) {
      ++epochs;
      if (learner->train_epoch(view, nullptr, nullptr).converged) break;
    }
    learner->report_metrics(view, sink);
  }
  state.counters["epochs"] = static_cast<double>(epochs);
  state.counters["support_rows"] = sink.values["support_rows"];
  state.counters["cached_rows"] = sink.values["cached_kernel_rows"];
  state.counters["epoch_seconds"] = benchmark::Counter(
      static_cast<double>(epochs),
      benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

BENCHMARK(BM_ClassicHandSimd)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_KernelRbf)->Arg(8)->Arg(256)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_ClassicHandSequential)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ClassicPluginBlocked)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ClassicPluginSequential)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_EtaHand)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_EtaPlugin)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BatchHand)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BatchPlugin)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MulticlassHand)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MulticlassPlugin)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LinearUnitHand)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LinearUnitPlugin)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_OverheadPluginLoop)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_OverheadEngineRun)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParallelRepeats)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_LoadCsv)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LoadSvmlight)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SparseSequentialChain)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Growth)->Apply(growth_sizes)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ReadPass)->Apply(read_sizes)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ReadPassShuffledRows)->Arg(1)->Arg(8)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
