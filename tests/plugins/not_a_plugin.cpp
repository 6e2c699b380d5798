// A shared library that is not a puzzlegen plugin: the loader must say so, not crash.
extern "C" __attribute__((visibility("default"))) int not_a_plugin() {
  return 42;
}
