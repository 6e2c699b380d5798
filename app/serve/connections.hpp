// The HTTP server of `puzzlegen serve` with bounds on what a connection may cost. cpp-httplib
// (0.11, as Debian builds it) reads any number of headers of any total size, and gives a
// connection its worker for as long as it keeps sending a byte within the read timeout, so a
// few slow clients could hold every worker. Here each connection's requests are read through
// a stream that refuses a request head past its bounds (431) and any request not received
// within its time, and there are enough workers that slow clients leave others some.
#pragma once

#include <httplib.h>

#include <chrono>
#include <cstddef>

namespace puzzlegen::cli {

struct ConnectionLimits {
  std::size_t headers = 100;           // header lines in one request (431 beyond)
  std::size_t head_bytes = 32 * 1024;  // its request line and headers together (431 beyond)
  std::chrono::seconds request{10};    // from a request's first byte to its last (then closed)
  std::chrono::seconds idle{5};        // between requests on one connection (then closed)
  std::chrono::seconds write{10};      // to send one piece of an answer
  std::size_t workers = 64;            // connections served at once; more wait for a worker
};

class BoundedServer : public httplib::Server {
 public:
  explicit BoundedServer(const ConnectionLimits& limits);

 private:
  // Replaces cpp-httplib's own loop over a connection's requests (keep-alive), reading them
  // through a stream that enforces `limits_`.
  bool process_and_close_socket(socket_t sock) override;

  const ConnectionLimits limits_;
};

}  // namespace puzzlegen::cli
