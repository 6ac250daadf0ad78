package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.text.Console;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every {@code bench ...} command README.md and docs/*.md show, in a code block or inline, as
 * a user would type it, is parsed by the CLI: an unknown or renamed option, or a value the suite
 * refuses, fails this test with the file and line. A command whose words hold a placeholder
 * ({@code N}, {@code FILE}, {@code <run id>}) is parsed for its options only; the others also
 * for their values and plan, as a run would before starting (nothing runs, nothing is made).
 */
class DocsCommandsTest {

  /** A command as a user types it: {@code bench ...}, or the jars' launch, then its words. */
  private static final Pattern COMMAND = Pattern.compile(
      "(?:^|[\\s`(])(?:bench|(?:java|yarn|hadoop)\\s+(?:-\\S+\\s+)*(?:-jar|jar)\\s+\\S*bench"
          + "(?:-standalone)?\\.jar)\\s+([a-z][a-z-]*(?:\\s.*)?)$");

  /** A word that stands for a value the reader fills in. */
  private static final Pattern PLACEHOLDER =
      Pattern.compile(".*(\\b[A-Z][A-Z_]{0,20}\\b|<[^>]*>|\\.\\.\\.|\\$|/path/to/).*");

  record Found(Path file, int line, String text, List<String> args, boolean inline) {
    @Override
    public String toString() {
      return file.getFileName() + ":" + line + ": " + text;
    }
  }

  static Path repo() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isDirectory(dir.resolve("docs"))) {
      dir = dir.getParent();
    }
    return dir;
  }

  /** Every command the docs show. */
  static List<Found> commands() throws Exception {
    Path root = repo();
    List<Path> files = new ArrayList<>(List.of(root.resolve("README.md")));
    try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
    }
    List<Found> out = new ArrayList<>();
    for (Path f : files) {
      List<String> lines = Files.readAllLines(f);
      boolean fence = false;
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i);
        if (line.strip().startsWith("```")) {
          fence = !fence;
          continue;
        }
        List<String> texts = new ArrayList<>();
        if (fence) {
          String joined = line;
          // A command continued on the next lines with a backslash.
          while (joined.endsWith("\\") && i + 1 < lines.size()) {
            joined = joined.substring(0, joined.length() - 1) + " " + lines.get(++i).strip();
          }
          texts.add(joined);
        } else {
          // In a sentence: a command named, maybe not whole ("bench report --html").
          Matcher inline = Pattern.compile("`([^`]+)`").matcher(line);
          while (inline.find()) {
            texts.add(inline.group(1));
          }
        }
        for (String t : texts) {
          String text = t.strip().replaceFirst("^\\$\\s+", "");
          Matcher m = COMMAND.matcher(text);
          if (m.find()) {
            out.add(new Found(f, i + 1, text, words(m.group(1)), !fence));
          }
        }
      }
    }
    return out;
  }

  /**
   * A command's words as a shell splits them, up to where the shell would end it (a pipe, a
   * redirection, {@code &&}, a comment), with the usage syntax's brackets dropped ({@code [--ha]}).
   */
  static List<String> words(String text) {
    // $(...) and ${...} are one word of the shell's; "[common options]" is the usage's prose.
    String t = text.replaceAll("\\$\\([^)]*\\)", "X").replaceAll("\\$\\{[^}]*}", "X")
        .replaceAll("<[^<>\\s]+>", "X").replaceAll("\\[[^\\]-]*\\]", "");
    List<String> out = new ArrayList<>();
    StringBuilder w = new StringBuilder();
    char quote = 0;
    boolean any = false;
    for (int i = 0; i < t.length(); i++) {
      char c = t.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else {
          w.append(c);
        }
        continue;
      }
      if (c == '\'' || c == '"') {
        quote = c;
        any = true;
        continue;
      }
      boolean end = c == '|' || c == ';' || c == '>' || c == '&'
          || (c == '#' && (i == 0 || Character.isWhitespace(t.charAt(i - 1))));
      if (c == '>' && (w.toString().equals("1") || w.toString().equals("2"))) {
        w.setLength(0); // 2>/dev/null: the stream's number is the redirection's
      }
      if (Character.isWhitespace(c) || end) {
        if (any || w.length() > 0) {
          out.add(w.toString());
        }
        w.setLength(0);
        any = false;
        if (end) {
          break;
        }
        continue;
      }
      w.append(c);
    }
    if (quote == 0 && (any || w.length() > 0)) {
      out.add(w.toString());
    }
    List<String> words = new ArrayList<>();
    for (String word : out) {
      String u = word.replace("[", "").replace("]", "");
      if (!u.isEmpty() && !u.equals("...")) {
        // A count in a usage line (N, M) as a count: its option takes a whole number.
        words.add(u.equals("N") || u.equals("M") ? "1" : u);
      }
    }
    return words;
  }

  private static Main quiet() {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    return new Main(new Console(new PrintStream(sink), new PrintStream(sink), false, 10_000),
        null);
  }

  @Test
  void everyDocumentedCommandIsParsedByTheCli() throws Exception {
    List<Found> found = commands();
    // Enough to mean the docs were read: every suite's page shows its commands.
    assertTrue(found.size() >= 100, found.size() + " commands: " + found);
    Main main = quiet();
    List<String> refused = new ArrayList<>();
    int withValues = 0;
    for (Found f : found) {
      boolean placeholders = f.args().stream()
          .anyMatch(a -> !a.startsWith("-") && PLACEHOLDER.matcher(a).matches());
      Main.Check level = f.inline() ? Main.Check.NAMES
          : placeholders ? Main.Check.PARSE : Main.Check.VALUES;
      withValues += level == Main.Check.VALUES ? 1 : 0;
      String problem = main.check(level, f.args().toArray(String[]::new));
      if (problem != null) {
        refused.add(f + "\n    " + problem);
      }
    }
    assertEquals(List.of(), refused, "documented commands the CLI refuses");
    assertTrue(withValues >= 50, withValues + " checked with their values");
  }

  /** The check itself can fail: a renamed option, an unknown suite, a bad value. */
  @Test
  void theCheckRefusesWhatARunWouldRefuse() {
    Main main = quiet();
    assertEquals(null, main.check(Main.Check.VALUES, "terasort", "--sizes", "32M..64M"));
    assertTrue(main.check(Main.Check.NAMES, "terasort", "--size", "1G") != null,
        "an unknown option");
    assertTrue(main.check(Main.Check.NAMES, "terasrot", "--sizes", "1G") != null,
        "an unknown suite");
    assertTrue(main.check(Main.Check.VALUES, "terasort", "--sizes", "1Q") != null, "a bad value");
    assertTrue(main.check(Main.Check.PARSE, "report", "--html") != null, "a missing value");
    assertEquals(null, main.check(Main.Check.NAMES, "report", "--html"), "named in a sentence");
    assertEquals(null, main.check(Main.Check.VALUES, "terasort", "--help"));
    assertEquals(null, main.check(Main.Check.PARSE, "embedded-cluster", "--conf-dir", "D",
        "--ha"));
    assertEquals(List.of("fsops", "--op", "exists", "--slo", "p99<5ms"),
        words("fsops --op exists --slo 'p99<5ms' | tee out # note"));
    assertEquals(List.of("embedded-cluster", "--conf-dir", "/tmp/c", "--with", "hdfs,yarn",
        "--datanodes", "1", "--ha"), words("embedded-cluster --conf-dir /tmp/c [--with"
            + " hdfs,yarn] [--datanodes N] [--ha] [common options]"));
    assertEquals(List.of("tpch", "--datanodes", "2"), words("tpch --datanodes 2 2>/dev/null"));
  }
}
