// The one macro a plugin source needs: PLAB_PLUGIN(descriptor, LearnerType).
//
// It exports the descriptor as `plab_descriptor` and a factory as `plab_create`. The factory
// constructs LearnerType from the LearnerSetup and turns any exception into CreateResult's
// error text, so that no exception crosses the plugin boundary at creation.
#pragma once

#include <exception>
#include <new>

#include <boost/dll/alias.hpp>

#include "plab/descriptor.hpp"

namespace plab::detail {

template <class LearnerType>
CreateResult create_guarded(const LearnerSetup& setup) noexcept {
  CreateResult result;
  try {
    result.learner = new LearnerType(setup);
  } catch (const std::exception& e) {
    result.error = e.what();
  } catch (...) {
    result.error = "unknown exception while creating the learner";
  }
  return result;
}

}  // namespace plab::detail

#define PLAB_PLUGIN(DESCRIPTOR, LEARNER_TYPE)                                   \
  namespace {                                                                   \
  ::plab::CreateResult plab_create_learner(const ::plab::LearnerSetup& setup) { \
    return ::plab::detail::create_guarded<LEARNER_TYPE>(setup);                 \
  }                                                                             \
  }                                                                             \
  BOOST_DLL_ALIAS(DESCRIPTOR, plab_descriptor)                                  \
  BOOST_DLL_ALIAS(plab_create_learner, plab_create)
