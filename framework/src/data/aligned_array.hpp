// A fixed-size array of doubles in one 64-byte aligned allocation (a cache line), so that
// rows start on predictable boundaries for the plugins' loops. It is taken with the aligned
// operator new, like every other allocation, so that a test counting allocations sees it.
#pragma once

#include <cstddef>
#include <memory>
#include <new>

namespace plab {

class AlignedArray {
 public:
  static constexpr std::size_t kAlignment = 64;

  AlignedArray() = default;
  explicit AlignedArray(std::size_t size) : size_(size) {
    const std::size_t bytes = ((size * sizeof(double) + kAlignment - 1) / kAlignment) * kAlignment;
    data_.reset(static_cast<double*>(
        ::operator new (bytes == 0 ? kAlignment : bytes, std::align_val_t{kAlignment})));
  }

  double* data() { return data_.get(); }
  const double* data() const { return data_.get(); }
  std::size_t size() const { return size_; }
  double& operator[](std::size_t i) { return data_[i]; }
  double operator[](std::size_t i) const { return data_[i]; }

 private:
  struct Free {
    void operator()(double* p) const { ::operator delete (p, std::align_val_t{kAlignment}); }
  };
  std::unique_ptr<double[], Free> data_;
  std::size_t size_ = 0;
};

}  // namespace plab
