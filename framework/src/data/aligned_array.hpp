// A fixed-size array of doubles (or floats: `precision: "float32"` data) in one 64-byte
// aligned allocation (a cache line), so that rows start on predictable boundaries for the
// plugins' loops. It is taken with the aligned operator new, like every other allocation, so
// that a test counting allocations sees it.
//
// A block of 4 MiB or more asks the kernel for transparent huge pages over its 2 MiB-aligned
// interior (madvise; a no-op where THP is "never"): rows read in a shuffled order touch a new
// 4 KiB page at almost every row, and with 2 MiB pages the TLB covers the data set
// (docs/performance.md, "Huge pages": per-run shuffles on 50,000 x 100, 10-20 % faster).
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>

namespace plab {

template <class T>
class AlignedBlock {
 public:
  static constexpr std::size_t kAlignment = 64;
  static constexpr std::size_t kHugePage = std::size_t{2} << 20;
  static constexpr std::size_t kHugePagesFrom = std::size_t{4} << 20;

  AlignedBlock() = default;
  explicit AlignedBlock(std::size_t size) : size_(size) {
    const std::size_t bytes = ((size * sizeof(T) + kAlignment - 1) / kAlignment) * kAlignment;
    data_.reset(static_cast<T*>(
        ::operator new (bytes == 0 ? kAlignment : bytes, std::align_val_t{kAlignment})));
    if (bytes >= kHugePagesFrom) advise_huge_pages(bytes);
  }

  T* data() { return data_.get(); }
  const T* data() const { return data_.get(); }
  std::size_t size() const { return size_; }
  T& operator[](std::size_t i) { return data_[i]; }
  T operator[](std::size_t i) const { return data_[i]; }

 private:
  // Before the first touch, so that the pages are faulted in huge. Advice only: a kernel that
  // refuses it leaves the block as it is.
  void advise_huge_pages(std::size_t bytes) {
    // Offsets from the block's own pointer, so no integer becomes a pointer.
    char* const base = reinterpret_cast<char*>(data_.get());
    const auto first = reinterpret_cast<std::uintptr_t>(base);
    const std::uintptr_t skip = (kHugePage - first % kHugePage) % kHugePage;
    const std::uintptr_t end = (first + bytes) & ~(kHugePage - 1);
    if (end > first + skip) madvise(base + skip, end - first - skip, MADV_HUGEPAGE);
  }

  struct Free {
    void operator()(T* p) const { ::operator delete (p, std::align_val_t{kAlignment}); }
  };
  std::unique_ptr<T[], Free> data_;
  std::size_t size_ = 0;
};

using AlignedArray = AlignedBlock<double>;

}  // namespace plab
