#include "audit/declaration_check.hpp"

#include "plab/descriptor.hpp"
#include "theory/bound_forms.hpp"

namespace plab {

namespace {

boost::json::value field_or_null(const RecordFields& f, const char* key) {
  return f.has(key) ? f.any(key) : boost::json::value(nullptr);
}

}  // namespace

void check_declaration(const std::string& where, const std::string& name,
                       const RecordFields& learner, std::size_t weights,
                       const std::optional<BoundDeclaration>& declared, bool current_version,
                       TaskKind task, AuditReport& report) {
  if (current_version && !declared) {
    report.differ(where, name + "bound", nullptr,
                  "the learner's declaration (this plab records one for every learner)");
  }
  if (current_version && weights == 0) {
    report.differ(where, name + "weights", field_or_null(learner, "weights"),
                  "the learner's number of weights, > 0");
  }
  if (!declared) return;
  // The engine refuses a declaration that contradicts itself or the task before it
  // evaluates it. The plugin's own tasks are not recorded: a multi-class form on a binary
  // task is what a plugin for both tasks declares there (the multi-class perceptron on two
  // classes, which the engine runs), so it is not judged here; whether it is the plugin's
  // declaration is (verify asks the plugin again).
  PluginDescriptor any_task;
  any_task.tasks = kBinaryTask | kMulticlassTask;
  const std::string problem = bound_declaration_problem(*declared, any_task, task);
  if (!problem.empty()) {
    report.differ(where, name + "bound", learner.any("bound"),
                  ("a declaration the engine accepts: " + problem).c_str());
  }
}

}  // namespace plab
