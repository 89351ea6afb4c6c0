// How much memory this machine can give plab: its physical memory, or less where a control
// group (a container, a batch job) limits the process. Used to refuse, before anything is
// allocated, a request that cannot fit (a synthetic data set of hundreds of gigabytes).
#pragma once

#include <cstdint>
#include <string>

namespace plab {

// Bytes; 0 when the machine does not say.
std::uint64_t machine_memory_bytes();

// "12.3 GiB": a byte count for messages.
std::string gibibytes_text(long double bytes);

}  // namespace plab
