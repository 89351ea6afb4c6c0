#include "base/thread_start.hpp"

#include <pthread.h>

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace plab {

namespace {

// OMP_STACKSIZE as libgomp reads it: a size with an optional B, K, M or G (K by default).
std::optional<std::size_t> stack_size_from(const char* name) {
  const char* text = std::getenv(name);
  if (text == nullptr) return std::nullopt;
  char* end = nullptr;
  errno = 0;
  const unsigned long long value = std::strtoull(text, &end, 10);
  if (end == text || errno != 0) return std::nullopt;
  while (std::isspace(static_cast<unsigned char>(*end)) != 0) ++end;
  unsigned long long unit = 1024;
  switch (std::toupper(static_cast<unsigned char>(*end))) {
    case 'B':
      unit = 1;
      ++end;
      break;
    case 'K':
      ++end;
      break;
    case 'M':
      unit = 1024ull * 1024;
      ++end;
      break;
    case 'G':
      unit = 1024ull * 1024 * 1024;
      ++end;
      break;
    default:
      break;
  }
  while (std::isspace(static_cast<unsigned char>(*end)) != 0) ++end;
  if (*end != '\0' || value == 0) return std::nullopt;
  return static_cast<std::size_t>(value * unit);
}

struct Gate {
  pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
  pthread_cond_t open_signal = PTHREAD_COND_INITIALIZER;
  bool open = false;
};

extern "C" void* wait_at_gate(void* argument) {
  auto* gate = static_cast<Gate*>(argument);
  pthread_mutex_lock(&gate->mutex);
  while (!gate->open) pthread_cond_wait(&gate->open_signal, &gate->mutex);
  pthread_mutex_unlock(&gate->mutex);
  return nullptr;
}

// How many threads besides the calling one can exist at once now: each waits until all are
// made, so their stacks are held together as a parallel region holds them.
int workers_that_start(int wanted_workers, int& error) {
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  // libgomp's stack size: OMP_STACKSIZE or GOMP_STACKSIZE, else the default thread stack.
  std::optional<std::size_t> stack = stack_size_from("OMP_STACKSIZE");
  if (!stack) stack = stack_size_from("GOMP_STACKSIZE");
  if (stack) pthread_attr_setstacksize(&attributes, *stack);
  Gate gate;
  std::vector<pthread_t> started;
  error = 0;
  for (int i = 0; i < wanted_workers; ++i) {
    pthread_t thread;
    error = pthread_create(&thread, &attributes, wait_at_gate, &gate);
    if (error != 0) break;
    started.push_back(thread);
  }
  pthread_mutex_lock(&gate.mutex);
  gate.open = true;
  pthread_cond_broadcast(&gate.open_signal);
  pthread_mutex_unlock(&gate.mutex);
  for (const pthread_t thread : started) pthread_join(thread, nullptr);
  pthread_attr_destroy(&attributes);
  return static_cast<int>(started.size());
}

}  // namespace

ThreadStart start_worker_threads(int wanted) {
  ThreadStart out;
  if (wanted <= 1) return out;
  int error = 0;
  out.threads = 1 + workers_that_start(wanted - 1, error);
  if (out.threads < wanted) {
    out.note = "only " + std::to_string(out.threads) + " of " + std::to_string(wanted) +
               " threads could start (creating a thread failed: " + std::strerror(error) +
               "; an address-space limit, ulimit -v, too small for their stacks, or a limit on "
               "processes); going on with " +
               std::to_string(out.threads);
  }
  // The pool, started now with the threads just proven to fit (glibc reuses their freed
  // stacks): later parallel regions of at most this many threads create none.
#pragma omp parallel num_threads(out.threads)
  {}
  return out;
}

}  // namespace plab
