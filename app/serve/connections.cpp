#include "serve/connections.hpp"

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

namespace puzzlegen::cli {

namespace {

using Clock = std::chrono::steady_clock;

// Waits until `sock` is ready for `events`: false past `deadline`, on an error, or once the
// server stops (`server` closed), which is looked at every 100 ms.
bool ready(socket_t sock, short events, Clock::time_point deadline,
           const std::atomic<socket_t>& server) {
  for (;;) {
    if (server == INVALID_SOCKET) return false;
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) return false;
    pollfd polled{sock, events, 0};
    const int n = ::poll(&polled, 1, static_cast<int>(std::min<long long>(left.count(), 100)));
    if (n > 0) return true;  // ready, or closed: the read or write that follows says which
    if (n < 0 && errno != EINTR) return false;
  }
}

// One connection's requests, read through a buffer: each request's head is counted against
// the limits, and each request must arrive whole within its time.
class BoundedStream : public httplib::Stream {
 public:
  BoundedStream(socket_t sock, const ConnectionLimits& limits, const std::atomic<socket_t>& server)
      : sock_(sock), limits_(limits), server_(server) {}

  // Whether a next request starts within the idle time.
  bool next_request() const {
    return begin_ < end_ || ready(sock_, POLLIN, Clock::now() + limits_.idle, server_);
  }
  // A request begins: its head is counted afresh, and its time starts.
  void begin_request() {
    in_head_ = true;
    head_bytes_ = 0;
    lines_ = 0;
    line_length_ = 0;
    previous_ = 0;
    expired_ = false;
    deadline_ = Clock::now() + limits_.request;
  }
  bool refused() const { return refused_; }
  // Whether a read found the request's time run out: the connection is then closed, whatever
  // cpp-httplib answered.
  bool expired() const { return expired_; }

  // Answers a head past the limits with 431 and closes the connection gracefully: what the
  // client is still sending is read and dropped for a moment, so that closing with unread data
  // does not reset the connection before the client has read the answer.
  void refuse() {
    const std::string body =
        nlohmann::json{{"error",
                        {{"message",
                          "the request's headers are larger than the server accepts "
                          "(at most " +
                              std::to_string(limits_.headers) + " headers, " +
                              std::to_string(limits_.head_bytes) + " bytes in all)"}}}}
            .dump();
    const std::string answer =
        "HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Type: application/json\r\n"
        "Content-Length: " +
        std::to_string(body.size()) +
        "\r\nConnection: close\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n"
        "Content-Security-Policy: default-src 'none'; frame-ancestors 'self'\r\n\r\n" +
        body;
    const auto write_deadline = Clock::now() + limits_.write;
    for (std::size_t sent = 0; sent < answer.size();) {
      if (!ready(sock_, POLLOUT, write_deadline, server_)) return;
      const ssize_t n = ::send(sock_, answer.data() + sent, answer.size() - sent, MSG_NOSIGNAL);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return;
      sent += static_cast<std::size_t>(n);
    }
    ::shutdown(sock_, SHUT_WR);
    constexpr std::size_t kDrained = 1 << 20;
    const auto drain_deadline = Clock::now() + std::chrono::seconds(1);
    for (std::size_t drained = 0; drained < kDrained;) {
      if (!ready(sock_, POLLIN, drain_deadline, server_)) return;
      const ssize_t n = ::recv(sock_, buffer_.data(), buffer_.size(), 0);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return;
      drained += static_cast<std::size_t>(n);
    }
  }

  bool is_readable() const override {
    return begin_ < end_ || ready(sock_, POLLIN, deadline_, server_);
  }
  bool is_writable() const override {
    // cpp-httplib's own answer to a refused head is dropped (refuse() answers instead).
    return refused_ || ready(sock_, POLLOUT, Clock::now() + limits_.write, server_);
  }

  ssize_t read(char* ptr, std::size_t size) override {
    if (refused_) return -1;
    if (begin_ == end_) {
      if (!ready(sock_, POLLIN, deadline_, server_)) {
        expired_ = Clock::now() >= deadline_;
        return -1;
      }
      ssize_t n;
      do n = ::recv(sock_, buffer_.data(), buffer_.size(), 0);
      while (n < 0 && errno == EINTR);
      if (n <= 0) return n;
      begin_ = 0;
      end_ = static_cast<std::size_t>(n);
    }
    const std::size_t n = std::min(size, end_ - begin_);
    if (in_head_ && !count_head(buffer_.data() + begin_, n)) {
      refused_ = true;
      return -1;
    }
    std::memcpy(ptr, buffer_.data() + begin_, n);
    begin_ += n;
    return static_cast<ssize_t>(n);
  }

  ssize_t write(const char* ptr, std::size_t size) override {
    if (refused_) return static_cast<ssize_t>(size);
    if (!ready(sock_, POLLOUT, Clock::now() + limits_.write, server_)) return -1;
    ssize_t n;
    do n = ::send(sock_, ptr, size, MSG_NOSIGNAL);
    while (n < 0 && errno == EINTR);
    return n;
  }

  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    address(true, ip, port);
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    address(false, ip, port);
  }
  socket_t socket() const override { return sock_; }

 private:
  // Counts `n` bytes of the request's head; false past the limits. As cpp-httplib reads it,
  // the head ends with an empty line, "\r\n"; bytes after it are the body's.
  bool count_head(const char* data, std::size_t n) {
    for (std::size_t i = 0; i < n && in_head_; ++i) {
      if (++head_bytes_ > limits_.head_bytes) return false;
      ++line_length_;
      const char byte = data[i];
      const bool end_of_line = byte == '\n';
      if (end_of_line && line_length_ == 2 && previous_ == '\r') {
        in_head_ = false;
      } else if (end_of_line) {
        if (++lines_ > limits_.headers + 1) return false;  // the request line, then headers
        line_length_ = 0;
      }
      previous_ = byte;
    }
    return true;
  }

  void address(bool peer, std::string& ip, int& port) const {
    sockaddr_storage storage{};
    socklen_t length = sizeof(storage);
    auto* where = reinterpret_cast<sockaddr*>(&storage);
    if ((peer ? ::getpeername(sock_, where, &length) : ::getsockname(sock_, where, &length)) != 0)
      return;
    std::array<char, NI_MAXHOST> host{};
    std::array<char, NI_MAXSERV> service{};
    if (::getnameinfo(where, length, host.data(), host.size(), service.data(), service.size(),
                      NI_NUMERICHOST | NI_NUMERICSERV) == 0) {
      ip = host.data();
      port = std::atoi(service.data());
    }
  }

  const socket_t sock_;
  const ConnectionLimits& limits_;
  const std::atomic<socket_t>& server_;
  std::array<char, 4096> buffer_{};
  std::size_t begin_ = 0, end_ = 0;  // what is buffered and not yet read
  Clock::time_point deadline_ = Clock::now();
  bool in_head_ = false;
  bool refused_ = false;
  bool expired_ = false;
  std::size_t head_bytes_ = 0, lines_ = 0, line_length_ = 0;
  char previous_ = 0;
};

}  // namespace

BoundedServer::BoundedServer(const ConnectionLimits& limits) : limits_(limits) {
  // cpp-httplib owns the queue it is handed (and deletes it).
  new_task_queue = [workers = limits_.workers] {
    return std::make_unique<httplib::ThreadPool>(workers).release();
  };
}

bool BoundedServer::process_and_close_socket(socket_t sock) {
  BoundedStream stream(sock, limits_, svr_sock_);
  bool ok = false;
  for (std::size_t left = keep_alive_max_count_; left > 0 && stream.next_request(); --left) {
    stream.begin_request();
    bool closed = false;
    ok = process_request(stream, left == 1, closed, nullptr);
    if (stream.refused()) {
      stream.refuse();
      ok = false;
    }
    if (!ok || closed || stream.expired()) break;
  }
  ::shutdown(sock, SHUT_RDWR);
  ::close(sock);
  return ok;
}

}  // namespace puzzlegen::cli
