// `puzzlegen serve`: a teacher's page on a local HTTP server. Every sheet is made by the
// `worksheet` command itself, run as a child process in a private folder, so the page shows
// exactly what the command prints; the server only checks requests, queues them and serves
// the files those runs wrote.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>
#include <vector>

namespace puzzlegen::cli {

// What one server accepts, each limit answered with a 4xx status beyond it.
struct ServeLimits {
  std::size_t body_bytes = 64 * 1024;  // a request's body (413 beyond)
  std::size_t spec_bytes = 32 * 1024;  // a spec's YAML in a request (400)
  std::size_t puzzles = 30;            // puzzles on one sheet (400)
  std::size_t instances = 50;          // instances in one designer's listing (400)
  int seconds = 120;                   // a run's time limit; its process is ended after it
  std::size_t running = 0;             // runs at once; 0: one per core
  std::size_t waiting = 32;            // runs queued behind them (429 beyond)
  std::size_t kept = 64;               // finished runs whose files are kept (oldest go)
  std::size_t headers = 100;           // header lines in one request (431 beyond)
  std::size_t head_bytes = 32 * 1024;  // its request line and headers together (431 beyond)
  int request_seconds = 10;            // to receive a request whole (then the connection closes)
  std::size_t connections = 64;        // served at once; more wait for one to end
};

struct ServeRequest {
  std::string host = "127.0.0.1";
  int port = 8080;                   // 0: any free port (printed)
  bool open = false;                 // open the page in a browser (xdg-open)
  std::vector<std::string> plugins;  // --plugin files, handed to every run
  ServeLimits limits;
};

// Serves until SIGINT or SIGTERM; prints the page's URL on `out` when it listens. Exit 0 after
// a clean stop, 2 when the address cannot be listened on.
int serve(const ServeRequest& request, std::ostream& out, std::ostream& log);

}  // namespace puzzlegen::cli
