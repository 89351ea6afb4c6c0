#include "run/memory_estimate.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include "config/object_reader.hpp"
#include "run/experiment.hpp"

namespace plab {

namespace {

std::string mib(double bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.0f MiB", bytes / (1024.0 * 1024.0));
  return text;
}

}  // namespace

double memory_available_bytes() {
  const long pages = ::sysconf(_SC_PHYS_PAGES);
  const long page = ::sysconf(_SC_PAGE_SIZE);
  double available =
      pages > 0 && page > 0 ? static_cast<double>(pages) * static_cast<double>(page) : 1e300;
  rlimit limit{};
  if (::getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
    available = std::min(available, static_cast<double>(limit.rlim_cur));
  }
  return available;
}

void check_learner_memory(const std::string& plugin_name, const ParamSet& params, std::size_t rows,
                          const std::string& params_pointer, int threads) {
  if (plugin_name != "kernel_perceptron") return;
  const double budget = params.real("cache_mb") * 1024.0 * 1024.0;
  const auto n = static_cast<double>(rows);
  const double cache = std::min(budget, 8.0 * n * n);  // one row K(x_j, .) of n doubles each
  const double available = memory_available_bytes();
  if (cache * threads <= available) return;
  const std::string all = threads > 1 ? ", " + mib(cache * threads) + " for the " +
                                            std::to_string(threads) + " threads that run at once"
                                      : std::string();
  throw_config_error(
      params_pointer + "/cache_mb",
      "the kernel perceptron's row cache may hold up to " + mib(cache) +
          " on each thread (min(cache_mb, 8 n^2 bytes) for n = " + std::to_string(rows) + " rows)" +
          all + ", more than the " + mib(available) +
          " this process can have (its address-space limit or the machine's "
          "memory); lower cache_mb (rows past it are recomputed, the records "
          "are the same)" +
          (threads > 1 ? std::string(" or --threads") : std::string()));
}

void check_memory_of_threads(const Experiment& e, int threads) {
  for (const PreparedPoint& p : e.points) {
    if (p.data == nullptr) continue;  // a large sweep's point outside the window
    for (std::size_t k = 0; k < p.learners.size() && k < p.config.learners.size(); ++k) {
      check_learner_memory(p.learners[k].plugin->descriptor().name, p.learners[k].params,
                           p.data->rows(), p.config.learners[k].pointer + "/params", threads);
    }
  }
}

}  // namespace plab
