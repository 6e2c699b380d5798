// The parts of a generator run, each alone (generators/): the classes judged, branch and
// bound's incumbent, and the ordered emission that makes the output independent of threads.
#include <catch2/catch.hpp>

#include <atomic>
#include <string>
#include <vector>

#include "incumbent.hpp"
#include "judged_classes.hpp"
#include "ordered_emitter.hpp"

using namespace puzzlegen;

TEST_CASE("Incumbent: a new best forgets the instances reaching the old one, and ties join it",
          "[generate][run]") {
  Incumbent minimize(true, false, std::nullopt);
  CHECK(minimize.generation() == 0);
  CHECK(minimize.offer(Natural(5), {1}, Natural(2)) == Incumbent::Offer::improved);
  CHECK(minimize.offer(Natural(7), {2}, Natural(1)) == Incumbent::Offer::worse);
  CHECK(minimize.offer(Natural(5), {3}, Natural(4)) == Incumbent::Offer::tied);
  CHECK(minimize.optimal().size() == 2);
  CHECK(minimize.generation() == 1);
  CHECK(minimize.offer(Natural(3), {4}, std::nullopt) == Incumbent::Offer::improved);
  CHECK(*minimize.best() == 3);
  REQUIRE(minimize.optimal().size() == 1);
  CHECK(minimize.optimal().begin()->first == std::vector<int>{4});
  CHECK(minimize.generation() == 2);

  Incumbent maximize(false, false, std::nullopt);
  maximize.offer(Natural(5), {1}, Natural(1));
  CHECK(maximize.offer(Natural(3), {2}, Natural(1)) == Incumbent::Offer::worse);
  CHECK(maximize.offer(Natural(9), {3}, Natural(1)) == Incumbent::Offer::improved);
}

TEST_CASE("Incumbent: the bounds that improve on the best, and when nothing can",
          "[generate][run]") {
  Incumbent strict(true, false, Natural(2));
  CHECK(!strict.improvement().bounds);  // no best yet
  strict.offer(Natural(6), {1}, Natural(1));
  CHECK(strict.improvement().bounds->max == 5);
  CHECK(!strict.finished());
  strict.offer(Natural(2), {2}, Natural(1));
  CHECK(strict.finished());  // the bound is met: the run may stop
  CHECK(strict.improvement().over);

  Incumbent ties(true, true, Natural(2));
  ties.offer(Natural(2), {1}, Natural(1));
  CHECK(!ties.finished());  // ties are still looked for
  CHECK(ties.improvement().bounds->max == 2);

  Incumbent zero(true, false, std::nullopt);
  zero.offer(Natural(0), {1}, Natural(1));
  CHECK(zero.improvement().over);  // nothing is below 0

  Incumbent maximize(false, true, std::nullopt);
  maximize.offer(Natural(4), {1}, Natural(1));
  CHECK(maximize.improvement().bounds->min == 4);

  CHECK(Incumbent::count_cap(true, false, Natural(3)) == 3);
  CHECK(Incumbent::count_cap(true, true, Natural(3)) == 4);
  CHECK(Incumbent::count_cap(true, false, Natural(0)) == 1);  // 0 would mean no cap
  CHECK(Incumbent::count_cap(false, false, Natural(3)) == 0);
  CHECK(Incumbent::count_cap(true, false, std::nullopt) == 0);
}

TEST_CASE("JudgedClasses: each class judged once, and a printed one keeps only that",
          "[generate][run]") {
  JudgedClasses classes;
  const auto e = std::make_shared<const Evaluation>();
  CHECK(classes.find({1, 2}) == nullptr);
  CHECK(classes.record({1, 2}, e));
  CHECK(!classes.record({1, 2}, std::make_shared<const Evaluation>()));
  CHECK(classes.find({1, 2}) == e);
  CHECK(classes.count() == 1);
  CHECK(!classes.printed(classes.find({1, 2})));
  classes.keep_only_printed({1, 2});
  CHECK(classes.printed(classes.find({1, 2})));

  JudgedClasses walk;  // a class walk meets each class once: nothing is kept
  walk.set_distinct();
  CHECK(walk.record({1}, e));
  CHECK(walk.record({1}, e));
  CHECK(walk.find({1}) == nullptr);
  CHECK(walk.count() == 2);
}

namespace {

// Emitted findings as "position:key".
struct Emitted {
  std::vector<std::string> out;
  OrderedEmitter::Emit emit() {
    return [this](const OrderedEmitter::Finding&, const OrderedEmitter::Key& key,
                  std::size_t position) {
      out.push_back(std::to_string(position) + ":" + std::to_string(key.at(0)));
    };
  }
};

OrderedEmitter::Finding finding(int key) {
  return {nullptr, {key}, Evaluation{}, "", 0};
}

}  // namespace

TEST_CASE("OrderedEmitter: findings come out in subproblem order, each class once",
          "[generate][run]") {
  std::atomic<bool> cancelled{false};
  Emitted emitted;
  OrderedEmitter emitter(std::nullopt, cancelled, emitted.emit());
  emitter.plan({7, 3, 5});
  CHECK(emitter.subproblem(1) == 3);
  emitter.found(2, finding(30));  // a later subproblem finishes first: it waits
  emitter.done(2);
  emitter.found(1, finding(20));
  emitter.found(1, finding(30));  // met again in an earlier subproblem: printed there
  CHECK(emitter.behind(1));
  CHECK(emitter.waiting() == 3);
  CHECK(emitted.out.empty());
  emitter.found(0, finding(10));  // the earliest: at once
  CHECK(emitted.out == std::vector<std::string>{"0:10"});
  emitter.done(0);
  CHECK(emitted.out == std::vector<std::string>{"0:10", "1:20", "1:30"});
  CHECK(!emitter.behind(1));
  emitter.done(1);  // subproblem 2's 30 was printed in subproblem 1
  CHECK(emitted.out == std::vector<std::string>{"0:10", "1:20", "1:30"});
  CHECK(emitter.waiting() == 0);
}

TEST_CASE(
    "OrderedEmitter: with a number wanted, explored counts candidates up to the last "
    "emitted, and a cancelled run emits nothing more",
    "[generate][run]") {
  std::atomic<bool> cancelled{false};
  Emitted emitted;
  OrderedEmitter emitter(1, cancelled, emitted.emit());
  emitter.plan({0, 1});
  emitter.judged(1, {5});
  emitter.judged(1, {6});
  emitter.found(1, finding(6));
  emitter.judged(0, {1});
  emitter.judged(0, {2});
  emitter.judged(0, {5});
  emitter.done(0);  // subproblem 0: three candidates, none accepted
  CHECK(emitted.out == std::vector<std::string>{"1:6"});
  CHECK(emitter.explored() == 4);  // 1, 2, 5 and 6: 5 counted once
  cancelled = true;
  emitter.found(1, finding(7));
  CHECK(emitted.out.size() == 1);
}
