// Helpers for testing a plugin on its own, without the plab engine: load the built .so,
// make a small data set, create a learner, train it, look at its weights.
//
//   auto plugin = plab::testing::Plugin::load("build/my_learner.so");
//   auto data = plab::testing::SmallData({{1, 1}, {0, 0}}, {+1, -1});  // augmented for you
//   auto learner = plugin.create(data, {{"eta", 0.5}});
//   learner->train_epoch(data.view(), nullptr, nullptr);
//   plab::BoundDeclaration b = plugin.declare_bound(data, {{"eta", 0.5}});
//
// Header-only; loads with POSIX dlopen (link ${CMAKE_DL_LIBS}) and refuses a plugin by the
// engine's own checks (plab/plugin_checks.hpp: entry points, ABI version naming both
// versions, descriptor), with the engine's sentences. Errors throw std::runtime_error.
// create() calls the learner's on_start for its zero initial weights, as plab does after
// writing them; a test that writes other initial weights calls on_start(data.view()) again.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <dlfcn.h>

#include "plab/descriptor.hpp"
#include "plab/plugin_checks.hpp"

namespace plab::testing {

// A binary data set in the engine's layout: rows augmented with a leading 1 (docs/learners.md,
// "Conventions"), stored dense, or with `sparse` as compressed rows of their non-zeros (the bias
// entry first), as plab holds data with "storage": "sparse" (plab/training_set.hpp).
class SmallData {
 public:
  SmallData(const std::vector<std::vector<double>>& rows, const std::vector<int>& signs,
            bool augment = true, bool sparse = false) {
    for (std::size_t i = 0; i < rows.size(); ++i) {
      if (augment) values_.push_back(1.0);
      values_.insert(values_.end(), rows[i].begin(), rows[i].end());
      sign_.push_back(signs[i] > 0 ? 1.0 : -1.0);
      label_.push_back(signs[i] > 0 ? 1 : 0);
    }
    view_.features = values_.data();
    view_.rows = rows.size();
    view_.cols = rows.empty() ? 0 : rows.front().size() + (augment ? 1 : 0);
    view_.sign = sign_.data();
    view_.label = label_.data();
    view_.classes = 2;
    if (sparse) {
      offset_.push_back(0);
      for (std::size_t k = 0; k < values_.size(); ++k) {
        if (values_[k] != 0.0) {
          index_.push_back(static_cast<std::uint32_t>(k % view_.cols));
          sparse_values_.push_back(values_[k]);
        }
        if ((k + 1) % view_.cols == 0) offset_.push_back(sparse_values_.size());
      }
      view_.features = nullptr;
      view_.csr_offset = offset_.data();
      view_.csr_index = index_.data();
      view_.csr_value = sparse_values_.data();
    }
  }
  const TrainingSet& view() const { return view_; }

 private:
  std::vector<double> values_;
  std::vector<std::uint64_t> offset_;
  std::vector<std::uint32_t> index_;
  std::vector<double> sparse_values_;
  std::vector<double> sign_;
  std::vector<std::int32_t> label_;
  TrainingSet view_;
};

struct ParamValue {
  std::string name;
  double number = 0.0;
  std::string text;
  ParamValue(std::string n, double v) : name(std::move(n)), number(v) {}
  ParamValue(std::string n, const char* t) : name(std::move(n)), text(t) {}
};

class Plugin {
 public:
  static Plugin load(const std::string& path) {
    using plugin_checks::kDescriptorSymbol;
    using plugin_checks::kFactorySymbol;
    const std::string where = "plugin '" + path + "'";
    Plugin p;
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
      throw std::runtime_error(where + " could not be loaded as a shared library: " + dlerror());
    }
    p.library_ = std::shared_ptr<void>(handle, [](void* h) { dlclose(h); });
    if (dlsym(handle, kDescriptorSymbol) == nullptr || dlsym(handle, kFactorySymbol) == nullptr) {
      throw std::runtime_error(where + " " + plugin_checks::missing_entry_points());
    }
    // A BOOST_DLL_ALIAS symbol is a `const void*` variable holding the aliased address.
    auto alias = [&](const char* name) {
      return *static_cast<const void* const*>(dlsym(handle, name));
    };
    const auto* descriptor = static_cast<const PluginDescriptor*>(alias(kDescriptorSymbol));
    if (std::string problem = plugin_checks::abi_problem(descriptor->abi_version);
        !problem.empty()) {
      throw std::runtime_error(where + " " + problem);
    }
    if (std::string problem = plugin_checks::descriptor_problem(*descriptor); !problem.empty()) {
      throw std::runtime_error(where + " " + problem);
    }
    p.descriptor_ = descriptor;
    p.create_ = reinterpret_cast<CreateFunction*>(const_cast<void*>(alias(kFactorySymbol)));
    return p;
  }

  const PluginDescriptor& descriptor() const { return *descriptor_; }

  // Every declared param at its default unless given; the engine's range checks are not
  // repeated here (they are the engine's job), so give valid values.
  std::shared_ptr<Learner> create(const SmallData& data,
                                  const std::vector<ParamValue>& given = {}) {
    params_ = std::make_shared<ParamSet>(params(given));
    const LearnerSetup setup{*params_, TaskKind::kBinary, data.view().rows, data.view().cols, 2};
    CreateResult r = create_(setup);
    if (r.learner == nullptr) throw std::runtime_error("the plugin refused: " + r.error);
    auto keep = library_;
    auto params = params_;
    std::shared_ptr<Learner> learner(r.learner, [keep, params](Learner* l) { delete l; });
    learner->on_start(data.view());
    return learner;
  }

  // The bound the plugin declares for these params on `data` (plab/bound.hpp), as plab asks
  // for it. plab also checks the declaration (docs/writing-a-plugin.md, "Declaring the
  // bound"); this helper only calls the plugin's function.
  BoundDeclaration declare_bound(const SmallData& data,
                                 const std::vector<ParamValue>& given = {}) const {
    if (descriptor_->declare_bound == nullptr) throw std::runtime_error("declare_bound is not set");
    const ParamSet set = params(given);
    return descriptor_->declare_bound(
        LearnerSetup{set, TaskKind::kBinary, data.view().rows, data.view().cols, 2});
  }

 private:
  ParamSet params(const std::vector<ParamValue>& given) const {
    ParamSet set;
    for (std::size_t k = 0; k < descriptor_->param_count; ++k) {
      const ParamSpec& s = descriptor_->params[k];
      ParamSet::Entry e{s.name, s.type, s.default_number, s.default_choice};
      for (const ParamValue& v : given) {
        if (v.name != s.name) continue;
        if (s.type == ParamType::kChoice) {
          e.text = v.text;
        } else {
          e.number = v.number;
        }
      }
      set.add(e);
    }
    return set;
  }

  std::shared_ptr<void> library_;
  std::shared_ptr<ParamSet> params_;
  const PluginDescriptor* descriptor_ = nullptr;
  CreateFunction* create_ = nullptr;
};

}  // namespace plab::testing
