package io.hbench.core.report;

import io.hbench.core.text.Console;
import io.hbench.thirdparty.jackson.databind.JsonNode;
import io.hbench.thirdparty.jackson.databind.ObjectMapper;
import io.hbench.thirdparty.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real headless Chromium driven over the DevTools protocol (a WebSocket, with the JDK's own
 * client): loads a page, records every console error, uncaught exception and network request,
 * evaluates expressions, and takes a screenshot. Chromium comes from Debian's {@code chromium}
 * package; {@code .ci/install-chromium} installs it, and {@link #find} runs that script when it
 * is missing and the user may install packages.
 */
public final class HeadlessChromium implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Process process;
  private final Path profile;
  private final WebSocket socket;
  private final AtomicInteger ids = new AtomicInteger();
  private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
  /** Console errors, uncaught exceptions and error log entries, as text. */
  public final List<String> errors = new CopyOnWriteArrayList<>();
  /** URLs of every request the page made. */
  public final List<String> requests = new CopyOnWriteArrayList<>();
  private volatile CountDownLatch loaded = new CountDownLatch(1);

  /** The Chromium binary, installing it with the project's script when it is missing. */
  public static Path find() throws IOException, InterruptedException {
    for (String c : List.of("/usr/bin/chromium", "/usr/bin/chromium-browser")) {
      if (Files.isExecutable(Path.of(c))) {
        return Path.of(c);
      }
    }
    Path root = Path.of("").toAbsolutePath();
    while (root != null && !Files.exists(root.resolve(".ci/install-chromium"))) {
      root = root.getParent();
    }
    if (root != null) {
      Process p = new ProcessBuilder("bash", root.resolve(".ci/install-chromium").toString())
          .inheritIO().start();
      p.waitFor(15, TimeUnit.MINUTES);
    }
    if (Files.isExecutable(Path.of("/usr/bin/chromium"))) {
      return Path.of("/usr/bin/chromium");
    }
    throw new IllegalStateException("Chromium is missing and could not be installed: run"
        + " 'bash .ci/install-chromium' (Debian: apt-get install chromium) as root");
  }

  public HeadlessChromium(Path binary) throws Exception {
    // Under /tmp rather than a long java.io.tmpdir (a build's own, per test JVM): Chromium's
    // singleton socket lives below it, and a Unix socket's path fits in 107 bytes.
    Path shortTmp = Path.of("/tmp");
    profile = Files.isDirectory(shortTmp) && Files.isWritable(shortTmp)
        ? Files.createTempDirectory(shortTmp, "hbench-chromium")
        : Files.createTempDirectory("hbench-chromium");
    ProcessBuilder browser = new ProcessBuilder(binary.toString(), "--headless=new", "--no-sandbox",
        "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--no-default-browser-check",
        "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
        "--user-data-dir=" + profile, "--window-size=1400,1000", "about:blank")
        .redirectErrorStream(true);
    // Chromium leaves an org.chromium.Chromium.* directory in TMPDIR on every run: inside the
    // profile, it goes with it.
    browser.environment().put("TMPDIR", Files.createDirectory(profile.resolve("tmp")).toString());
    process = browser.start();
    String browserWs = null;
    BufferedReader out = new BufferedReader(
        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    String line;
    while (System.nanoTime() < deadline && (line = out.readLine()) != null) {
      int at = line.indexOf("ws://");
      if (line.startsWith("DevTools listening on") && at >= 0) {
        browserWs = line.substring(at).strip();
        break;
      }
    }
    if (browserWs == null) {
      process.destroyForcibly();
      throw new IllegalStateException("Chromium did not start its DevTools endpoint");
    }
    // Drain Chromium's output so it never blocks on a full pipe.
    Thread drain = new Thread(() -> {
      try {
        while (out.readLine() != null) {
          // Chromium's own log lines (dbus and the like) are not the page's.
        }
      } catch (IOException e) {
        // Closed.
      }
    });
    drain.setDaemon(true);
    drain.start();
    URI u = URI.create(browserWs);
    HttpClient http = HttpClient.newHttpClient();
    String list = http.send(HttpRequest.newBuilder(
            URI.create("http://" + u.getAuthority() + "/json/list")).build(),
        HttpResponse.BodyHandlers.ofString()).body();
    String pageWs = null;
    for (JsonNode t : JSON.readTree(list)) {
      if ("page".equals(t.path("type").asText())) {
        pageWs = t.path("webSocketDebuggerUrl").asText();
        break;
      }
    }
    if (pageWs == null) {
      throw new IllegalStateException("Chromium has no page to drive: " + list);
    }
    socket = http.newWebSocketBuilder().buildAsync(URI.create(pageWs), new Listener())
        .get(30, TimeUnit.SECONDS);
    for (String domain : List.of("Runtime", "Log", "Network", "Page")) {
      call(domain + ".enable", JSON.createObjectNode());
    }
  }

  /** Loads {@code file} and waits for its load event (its scripts have run by then). */
  public void open(Path file) throws Exception {
    loaded = new CountDownLatch(1);
    ObjectNode p = JSON.createObjectNode();
    p.put("url", file.toUri().toString());
    call("Page.navigate", p);
    if (!loaded.await(60, TimeUnit.SECONDS)) {
      throw new IllegalStateException("the page did not finish loading");
    }
  }

  /** Evaluates {@code expression} in the page and returns its value (JSON). */
  public JsonNode evaluate(String expression) throws Exception {
    ObjectNode p = JSON.createObjectNode();
    p.put("expression", expression);
    p.put("returnByValue", true);
    JsonNode r = call("Runtime.evaluate", p);
    if (r.has("exceptionDetails")) {
      throw new IllegalStateException("evaluation failed: " + r.get("exceptionDetails"));
    }
    return r.path("result").path("value");
  }

  /** A PNG of the whole page, {@code width} pixels wide. */
  public void screenshot(Path png, int width) throws Exception {
    JsonNode metrics = call("Page.getLayoutMetrics", JSON.createObjectNode());
    int height = (int) Math.ceil(metrics.path("cssContentSize").path("height").asDouble(2000));
    ObjectNode size = JSON.createObjectNode();
    size.put("width", width);
    size.put("height", Math.min(height, 16000));
    size.put("deviceScaleFactor", 1);
    size.put("mobile", false);
    call("Emulation.setDeviceMetricsOverride", size);
    ObjectNode p = JSON.createObjectNode();
    p.put("format", "png");
    JsonNode r = call("Page.captureScreenshot", p);
    Files.createDirectories(png.toAbsolutePath().getParent());
    Files.write(png, Base64.getDecoder().decode(r.path("data").asText()));
  }

  private JsonNode call(String method, ObjectNode params) throws Exception {
    int id = ids.incrementAndGet();
    ObjectNode msg = JSON.createObjectNode();
    msg.put("id", id);
    msg.put("method", method);
    msg.set("params", params);
    CompletableFuture<JsonNode> f = new CompletableFuture<>();
    pending.put(id, f);
    socket.sendText(JSON.writeValueAsString(msg), true).get(30, TimeUnit.SECONDS);
    JsonNode r = f.get(60, TimeUnit.SECONDS);
    if (r.has("error")) {
      throw new IllegalStateException(method + ": " + r.get("error"));
    }
    return r.path("result");
  }

  private final class Listener implements WebSocket.Listener {
    private final StringBuilder partial = new StringBuilder();

    @Override
    public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
      partial.append(data);
      if (last) {
        String text = partial.toString();
        partial.setLength(0);
        try {
          handle(JSON.readTree(text));
        } catch (IOException e) {
          errors.add("unreadable DevTools message: " + e.getMessage());
        }
      }
      ws.request(1);
      return null;
    }
  }

  private void handle(JsonNode m) {
    if (m.has("id")) {
      CompletableFuture<JsonNode> f = pending.remove(m.get("id").asInt());
      if (f != null) {
        f.complete(m);
      }
      return;
    }
    JsonNode p = m.path("params");
    switch (m.path("method").asText()) {
      case "Runtime.consoleAPICalled" -> {
        String type = p.path("type").asText();
        if (type.equals("error") || type.equals("assert") || type.equals("warning")) {
          errors.add("console." + type + ": " + p.path("args"));
        }
      }
      case "Runtime.exceptionThrown" -> errors.add("uncaught: " + p.path("exceptionDetails"));
      case "Log.entryAdded" -> {
        if (p.path("entry").path("level").asText().equals("error")) {
          errors.add("log: " + p.path("entry").path("text").asText() + " "
              + p.path("entry").path("url").asText());
        }
      }
      case "Network.requestWillBeSent" -> requests.add(p.path("request").path("url").asText());
      case "Page.loadEventFired" -> loaded.countDown();
      default -> {
        // Other events are not checked.
      }
    }
  }

  @Override
  public void close() throws IOException {
    try {
      socket.abort();
    } finally {
      // Its zygote and renderers too: they write into the profile after the browser has gone.
      List<ProcessHandle> all = new ArrayList<>(process.descendants().toList());
      all.add(process.toHandle());
      all.forEach(ProcessHandle::destroy);
      try {
        for (ProcessHandle p : all) {
          try {
            p.onExit().get(10, TimeUnit.SECONDS);
          } catch (java.util.concurrent.ExecutionException
              | java.util.concurrent.TimeoutException e) {
            p.destroyForcibly();
          }
        }
        // A file still being written when the walk passes leaves its directory behind: again.
        for (int attempt = 0; attempt < 5 && Files.exists(profile); attempt++) {
          deleteProfile();
          if (Files.exists(profile)) {
            Thread.sleep(200);
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private void deleteProfile() {
    try (var s = Files.walk(profile)) {
      List<Path> all = new ArrayList<>(s.toList());
      java.util.Collections.reverse(all);
      for (Path p : all) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      // Removed under the walk, or not yet empty: the caller tries again.
    }
  }
}
