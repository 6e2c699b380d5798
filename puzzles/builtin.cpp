// The built-in families: adding a family is one folder under puzzles/ and one line here.
#include "builtin.hpp"

namespace puzzlegen {
namespace instant_insanity {
std::unique_ptr<Family> make_family();
}
namespace cube36 {
std::unique_ptr<Family> make_family();
}
namespace eight_blocks {
std::unique_ptr<Family> make_family();
}

const Registry& builtin_families() {
  static const Registry registry = [] {
    Registry r;
    r.add(instant_insanity::make_family());
    r.add(eight_blocks::make_family());
    r.add(cube36::make_family());
    return r;
  }();
  return registry;
}

}  // namespace puzzlegen
