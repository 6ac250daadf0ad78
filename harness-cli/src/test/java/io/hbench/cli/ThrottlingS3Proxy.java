package io.hbench.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * An S3 server that throttles: on loopback in front of the test's real one, it answers the
 * requests {@code throttle} picks with S3's 503 SlowDown, as a store over its request rate does,
 * and passes every other request through. What a store that throttles looks like to S3A,
 * without a store that does.
 */
final class ThrottlingS3Proxy implements AutoCloseable {

  /** Headers the JDK's client sets itself, or that belong to one hop. */
  private static final Set<String> HOP = Set.of("host", "connection", "content-length",
      "expect", "upgrade", "transfer-encoding", "keep-alive");

  private static final byte[] SLOW_DOWN = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      + "<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message>"
      + "</Error>").getBytes(StandardCharsets.UTF_8);

  private final HttpServer server;
  private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .build();
  private final URI target;
  private final Predicate<String> picked;
  private final java.util.function.LongPredicate throttle;
  /** The requests {@code picked} accepted, and those of them answered 503. */
  final AtomicLong pickedRequests = new AtomicLong();
  final AtomicLong throttled = new AtomicLong();

  /**
   * A proxy to {@code targetPort}: of the requests {@code picked} accepts (given {@code "METHOD
   * /path"}), those whose number among them (from 0, in the order they came) {@code throttle}
   * accepts are answered 503 SlowDown.
   */
  ThrottlingS3Proxy(int targetPort, Predicate<String> picked,
      java.util.function.LongPredicate throttle) throws IOException {
    this.target = URI.create("http://127.0.0.1:" + targetPort);
    this.picked = picked;
    this.throttle = throttle;
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(Executors.newFixedThreadPool(8));
    server.createContext("/", this::handle);
    server.start();
  }

  int port() {
    return server.getAddress().getPort();
  }

  private void handle(HttpExchange ex) throws IOException {
    try (ex) {
      byte[] body;
      try (InputStream in = ex.getRequestBody()) {
        body = in.readAllBytes();
      }
      boolean head = ex.getRequestMethod().equals("HEAD");
      if (picked.test(ex.getRequestMethod() + " " + ex.getRequestURI().getPath())
          && throttle.test(pickedRequests.getAndIncrement())) {
        throttled.incrementAndGet();
        ex.getResponseHeaders().set("Content-Type", "application/xml");
        ex.sendResponseHeaders(503, head ? -1 : SLOW_DOWN.length);
        if (!head) {
          try (OutputStream out = ex.getResponseBody()) {
            out.write(SLOW_DOWN);
          }
        }
        return;
      }
      HttpRequest.Builder b = HttpRequest.newBuilder(target.resolve(ex.getRequestURI()))
          .method(ex.getRequestMethod(), body.length == 0 && !hasBody(ex)
              ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
      for (Map.Entry<String, List<String>> h : ex.getRequestHeaders().entrySet()) {
        if (!HOP.contains(h.getKey().toLowerCase(Locale.ROOT))) {
          for (String v : h.getValue()) {
            b.header(h.getKey(), v);
          }
        }
      }
      HttpResponse<byte[]> r;
      try {
        r = client.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        ex.sendResponseHeaders(500, -1);
        return;
      }
      r.headers().map().forEach((k, vs) -> {
        if (!HOP.contains(k.toLowerCase(Locale.ROOT)) && !k.startsWith(":")) {
          vs.forEach(v -> ex.getResponseHeaders().add(k, v));
        }
      });
      byte[] out = r.body();
      if (head) {
        // A HEAD's length is the object's, from the server's header, with no body.
        r.headers().firstValue("content-length")
            .ifPresent(len -> ex.getResponseHeaders().set("Content-Length", len));
        ex.sendResponseHeaders(r.statusCode(), -1);
        return;
      }
      ex.sendResponseHeaders(r.statusCode(), out.length == 0 ? -1 : out.length);
      if (out.length > 0) {
        try (OutputStream os = ex.getResponseBody()) {
          os.write(out);
        }
      }
    }
  }

  private static boolean hasBody(HttpExchange ex) {
    String m = ex.getRequestMethod();
    return m.equals("PUT") || m.equals("POST");
  }

  @Override
  public void close() {
    server.stop(0);
    ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
  }
}
