package io.hbench.core.embed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.BenchmarkOption;
import io.hbench.core.LocalDirectoryBenchmark;
import io.hbench.core.OptionValues;
import io.hbench.core.Point;
import io.hbench.core.RunContext;
import io.hbench.core.error.InvalidInputException;
import io.hbench.core.report.TableFormat;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A suite's options beside the common ones: a suite option that takes a common option's name is
 * refused when the suite is registered, with one line naming both; an option's former name is
 * read as the option it means, with a note, or refused where it could mean either.
 */
class SuiteOptionsTest {

  /** A suite with the options given, on a local directory. */
  static final class WithOptions extends LocalDirectoryBenchmark {
    private final List<BenchmarkOption<?>> own;

    WithOptions(List<BenchmarkOption<?>> own) {
      super("withoptions", Path.of(System.getProperty("java.io.tmpdir")));
      this.own = own;
    }

    @Override
    public List<BenchmarkOption<?>> options() {
      return own;
    }

    @Override
    public List<Point> points(OptionValues options) {
      return List.of(Point.of("p"));
    }

    @Override
    public void run(Point point, OptionValues options, RunContext context) {}
  }

  static final BenchmarkOption<String> STORAGE =
      BenchmarkOption.choice("--file-format", "Storage of the tables.", "orc", "orc", "parquet")
          .formerly("--format", given -> given.get("--format").equals("orc")
              || given.get("--format").equals("parquet") ? BenchmarkOption.Spelling.THIS
              : given.get("--format").equals("text") ? BenchmarkOption.Spelling.AMBIGUOUS
              : BenchmarkOption.Spelling.COMMON);

  @Test
  void aSuiteOptionWithACommonOptionsNameIsRefusedWhenTheSuiteIsRegistered() {
    WithOptions clash = new WithOptions(List.of(
        BenchmarkOption.integer("--datanodes", "Simulated datanodes.", "10", 1)));
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> RunRequest.suite(clash));
    assertEquals("suite withoptions declares --datanodes (Simulated datanodes), which is the"
        + " common option --datanodes (Datanodes of the embedded cluster): give the suite's"
        + " option another name", e.getMessage());
    assertEquals(1, e.getMessage().lines().count());
    // An alias of a common option is taken too.
    WithOptions alias = new WithOptions(List.of(BenchmarkOption.integer("--runs", "Runs.", "1", 1)));
    assertTrue(assertThrows(IllegalStateException.class, () -> SuiteOptions.of(alias))
        .getMessage().contains("the common option --repeat"));
  }

  private static SuiteOptions.Parsed parse(List<String> notes, String... args) {
    Map<String, List<String>> texts = new java.util.LinkedHashMap<>();
    for (int i = 0; i < args.length; i += 2) {
      texts.put(args[i], List.of(args[i + 1]));
    }
    return SuiteOptions.parse(new WithOptions(List.of(STORAGE)), texts, notes::add);
  }

  @Test
  void aFormerNameIsReadAsTheOptionItMeansWithANote() {
    List<String> notes = new ArrayList<>();
    SuiteOptions.Parsed p = parse(notes, "--format", "parquet");
    assertEquals("parquet", p.suite().get(STORAGE));
    assertEquals(TableFormat.TEXT, p.common().get(CommonOptions.FORMAT));
    assertEquals(List.of("withoptions: --format parquet is read as --file-format parquet;"
        + " --format is now every suite's option (The end-of-run tables: text (aligned columns),"
        + " markdown, csv or json)"), notes);

    notes.clear();
    p = parse(notes, "--format", "markdown");
    assertEquals("orc", p.suite().get(STORAGE));
    assertEquals(TableFormat.MARKDOWN, p.common().get(CommonOptions.FORMAT));
    assertEquals(List.of(), notes);

    InvalidInputException e = assertThrows(InvalidInputException.class,
        () -> parse(new ArrayList<>(), "--format", "text"));
    assertTrue(e.getMessage().startsWith("--format text is ambiguous here: give --file-format"
        + " text (withoptions's, Storage of the tables) or --format text"), e.getMessage());
    assertTrue(assertThrows(InvalidInputException.class,
        () -> parse(new ArrayList<>(), "--format", "orc", "--file-format", "orc")).getMessage()
        .contains("not both"));
  }
}
