// The adapter's one entry point, looked up by the registry (framework/registry.cpp) when
// --plugin or PUZZLEGEN_PLUGIN_PATH names a model family.
#include <memory>
#include <string>

#include "manifest.hpp"
#include "model_family.hpp"

extern "C" __attribute__((visibility("default"))) void puzzlegen_load_model_family(
    const std::string& manifest, std::unique_ptr<puzzlegen::Family>& family) {
  family = puzzlegen::models::make_model_family(puzzlegen::models::read_manifest(manifest));
}
