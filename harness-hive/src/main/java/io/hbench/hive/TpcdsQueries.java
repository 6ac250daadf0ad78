package io.hbench.hive;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * TPC-DS's 99 queries in Hive's dialect, as the spec numbers them: the four templates that hold
 * two queries (14, 23, 24, 39) give {@code q14a} and {@code q14b} and so on, 103 in all. Each is
 * the resource {@code io/hbench/hive/tpcds/<name>.sql} with the spec's qualification values
 * substituted (where the texts come from: {@code SOURCES.md} beside them).
 */
final class TpcdsQueries {

  /** The templates split in two. */
  static final List<Integer> TWO_PART = List.of(14, 23, 24, 39);

  /** The 103 query names in number order. */
  static final List<String> ALL = names();

  private TpcdsQueries() {}

  private static List<String> names() {
    List<String> out = new ArrayList<>();
    for (int q = 1; q <= 99; q++) {
      if (TWO_PART.contains(q)) {
        out.add("q" + q + "a");
        out.add("q" + q + "b");
      } else {
        out.add("q" + q);
      }
    }
    return List.copyOf(out);
  }

  /** The query's text. */
  static String text(String name) {
    String resource = "tpcds/" + name + ".sql";
    try (InputStream in = TpcdsQueries.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalArgumentException("no TPC-DS query " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The order stream {@code stream} runs {@code queries} in: the power test (stream 0) in number
   * order, each throughput stream in a permutation of its own drawn from its number. (The spec's
   * dsqgen draws its permutations with its own generator, which hbench does not reproduce.)
   */
  static List<String> streamOrder(int stream, List<String> queries) {
    List<String> out = new ArrayList<>(queries);
    if (stream > 0) {
      Collections.shuffle(out, new Random(stream));
    }
    return List.copyOf(out);
  }
}
