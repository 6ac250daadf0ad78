package io.hbench.hbase;

import io.hbench.core.BenchmarkOption;
import io.hbench.core.error.InvalidInputException;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code bench ycsb}'s options: the workload (YCSB's letter or file, and YCSB's {@code -p}), the
 * phases and the client threads. Where the clients run ({@code --maps}) and how they are driven
 * ({@code --target-rate}, {@code --duration}, {@code --warmup-time}) are the core's load options.
 */
final class YcsbOptions {

  /** Which of YCSB's phases a run makes. */
  enum Phase {
    LOAD, RUN, ALL;

    String text() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  static final BenchmarkOption<String> WORKLOAD =
      BenchmarkOption.text("--workload", "a|b|c|d|e|f|FILE", "YCSB's core workload: one of its"
          + " workload files A-F (a update heavy, b read mostly, c read only, d read latest, e"
          + " short ranges, f read-modify-write), or a workload file in YCSB's format.", "a")
          .positional();
  static final BenchmarkOption<List<String>> PROPERTY =
      BenchmarkOption.repeatable("--property", "KEY=VALUE", "A workload property over the"
          + " workload's (YCSB's -p): -p requestdistribution=uniform.", YcsbOptions::property)
          .alias("-p");
  static final BenchmarkOption<Long> RECORDS =
      BenchmarkOption.of("--records", "N", "Rows the load phase inserts (recordcount); default:"
          + " the workload's.", BenchmarkOption.AUTO, t -> count("--records", t));
  static final BenchmarkOption<Long> OPERATIONS =
      BenchmarkOption.of("--operations", "N", "Operations of the run phase over all clients"
          + " (operationcount); default: the workload's. --duration runs by time instead.",
          BenchmarkOption.AUTO, t -> count("--operations", t));
  static final BenchmarkOption<Phase> PHASE =
      BenchmarkOption.choice("--phase", "load|run|all", "YCSB's phases to make: load (create"
          + " the table and insert the records), run (the operations, on a table a load with"
          + " --keep-table left), or all.", "all", List.of(Phase.values()), Phase::text);
  static final BenchmarkOption<Integer> THREADS =
      BenchmarkOption.integer("--threads", "Client threads in this process (in each map task"
          + " with --maps), sharing one connection, as YCSB's threads do.", "1", 1);
  static final BenchmarkOption<Integer> PRESPLIT =
      BenchmarkOption.integer("--presplit", "Regions the load creates the table with, split"
          + " where YCSB's HBase instructions split it (user1000 .. user9999; HBase suggests 10"
          + " per RegionServer).", "1", 1);
  static final BenchmarkOption<Boolean> KEEP_TABLE =
      BenchmarkOption.flag("--keep-table", "Keep the table after the run, for later runs with"
          + " --phase run (it is dropped otherwise; --keep keeps it too).");
  static final BenchmarkOption<Integer> SEED =
      BenchmarkOption.integer("--seed", "Seed of the values and of each client's choices: the"
          + " same options make the same operations on the same rows.", "1", 0);

  static List<BenchmarkOption<?>> all() {
    return List.of(WORKLOAD, PROPERTY, RECORDS, OPERATIONS, PHASE, THREADS, PRESPLIT,
        KEEP_TABLE, SEED);
  }

  private YcsbOptions() {}

  /**
   * The workload the options name: the preset or file, then {@code -p}'s properties, then
   * {@code --records} and {@code --operations}, as YCSB reads {@code -P} then {@code -p}.
   */
  static YcsbWorkload.Read workload(String workload, List<String> properties, Long records,
      Long operations) {
    String text;
    String source;
    String preset = YcsbWorkload.PRESETS.get(workload.toLowerCase(Locale.ROOT));
    if (preset != null) {
      text = preset;
      source = "workload " + workload.toLowerCase(Locale.ROOT);
    } else {
      Path file = Path.of(workload);
      source = workload;
      try {
        text = Files.readString(file, StandardCharsets.UTF_8);
      } catch (NoSuchFileException e) {
        throw new InvalidInputException("--workload: no workload '" + workload + "' (a, b, c, d,"
            + " e, f, or a YCSB workload file)");
      } catch (IOException e) {
        throw new InvalidInputException("--workload: cannot read " + workload + ": " + e);
      }
    }
    StringBuilder all = new StringBuilder(text).append('\n');
    for (String p : properties) {
      all.append(escapeKey(p)).append('\n');
    }
    if (records != null && records >= 0) {
      all.append("recordcount=").append(records).append('\n');
    }
    if (operations != null && operations >= 0) {
      all.append("operationcount=").append(operations).append('\n');
    }
    Reader r = new StringReader(all.toString());
    return YcsbWorkload.read(source, r);
  }

  /** {@code key=value} as one properties line: its value taken as given. */
  private static String escapeKey(String p) {
    int eq = p.indexOf('=');
    return p.substring(0, eq).trim() + "=" + p.substring(eq + 1).replace("\\", "\\\\");
  }

  private static String property(String t) {
    int eq = t.indexOf('=');
    if (eq <= 0) {
      throw new InvalidInputException("invalid value '" + t + "' for --property: KEY=VALUE");
    }
    return t;
  }

  private static Long count(String name, String t) {
    return t.equalsIgnoreCase(BenchmarkOption.AUTO) ? -1L : BenchmarkOption.count(name, t, 0);
  }
}
