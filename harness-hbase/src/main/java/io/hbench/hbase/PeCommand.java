package io.hbench.hbase;

import io.hbench.core.error.InvalidInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * PerformanceEvaluation's workloads, by PE's names. Each is one kind of call; {@link Kind} says
 * what it needs of the table and how its result is checked, and orders a list (writes first).
 */
enum PeCommand {
  SEQUENTIAL_WRITE("sequentialWrite", Kind.WRITE, 0),
  RANDOM_WRITE("randomWrite", Kind.WRITE, 0),
  SEQUENTIAL_READ("sequentialRead", Kind.READ, 0),
  RANDOM_READ("randomRead", Kind.READ, 0),
  SCAN("scan", Kind.SCAN, 0),
  SCAN_RANGE_10("scanRange10", Kind.SCAN, 10),
  SCAN_RANGE_100("scanRange100", Kind.SCAN, 100),
  SCAN_RANGE_1000("scanRange1000", Kind.SCAN, 1000),
  SCAN_RANGE_10000("scanRange10000", Kind.SCAN, 10000),
  RANDOM_SEEK_SCAN("randomSeekScan", Kind.SCAN, PeCommand.SEEK_PAGE),
  FILTER_SCAN("filterScan", Kind.SCAN, 0),
  INCREMENT("increment", Kind.MUTATE, 0),
  APPEND("append", Kind.MUTATE, 0),
  CHECK_AND_PUT("checkAndPut", Kind.MUTATE, 0),
  CHECK_AND_MUTATE("checkAndMutate", Kind.MUTATE, 0),
  CHECK_AND_DELETE("checkAndDelete", Kind.MUTATE, 0),
  SEQUENTIAL_DELETE("sequentialDelete", Kind.DELETE, 0),
  RANDOM_DELETE("randomDelete", Kind.DELETE, 0);

  /** What a command does to the table; also the order of a list: writes, reads, ..., deletes. */
  enum Kind {
    /** Writes every row of a fresh table. */
    WRITE,
    /** Reads rows and checks every value. */
    READ,
    /** Scans and checks order, count and values. */
    SCAN,
    /** Changes cells beside the rows' values, which stay readable. */
    MUTATE,
    /** Deletes rows. */
    DELETE
  }

  /** randomSeekScan's page, as PE's {@code PageFilter(120)}. */
  static final int SEEK_PAGE = 120;

  final String text;
  final Kind kind;
  /** Rows a scanRange (or randomSeekScan) call asks for; 0 for other commands. */
  final int range;

  PeCommand(String text, Kind kind, int range) {
    this.text = text;
    this.kind = kind;
    this.range = range;
  }

  /** Whether the command needs the table and its rows to exist already. */
  boolean needsRows() {
    return kind != Kind.WRITE;
  }

  /** Whether {@code --async} applies: the read, write and scan commands. */
  boolean asyncCapable() {
    return kind == Kind.WRITE || kind == Kind.READ || kind == Kind.SCAN;
  }

  /** The operation a call is recorded as: put, get, scan, next, increment, ... */
  String op() {
    return switch (this) {
      case SEQUENTIAL_WRITE, RANDOM_WRITE -> "put";
      case SEQUENTIAL_READ, RANDOM_READ -> "get";
      case SCAN -> "next";
      case SEQUENTIAL_DELETE, RANDOM_DELETE -> "delete";
      default -> text;
    };
  }

  /**
   * Parses {@code all} or a comma-separated list of PE's command names (case ignored), ordered by
   * kind so writes come before the reads that need their rows; repeats are refused.
   */
  static List<PeCommand> parseList(String text) {
    List<PeCommand> out = new ArrayList<>();
    if (text.trim().equalsIgnoreCase("all")) {
      return List.of(values());
    }
    for (String part : text.split(",", -1)) {
      PeCommand c = parse(part.trim());
      if (out.contains(c)) {
        throw new InvalidInputException("command " + c.text + " is listed twice");
      }
      out.add(c);
    }
    out.sort(Comparator.comparing(c -> c.kind));
    return List.copyOf(out);
  }

  static PeCommand parse(String text) {
    for (PeCommand c : values()) {
      if (c.text.equalsIgnoreCase(text)) {
        return c;
      }
    }
    throw new InvalidInputException("unknown command '" + text + "': use all, or "
        + String.join(", ", Arrays.stream(values()).map(c -> c.text).toList()));
  }

  /** The names, for help. */
  static String names() {
    return String.join(", ", Arrays.stream(values()).map(c -> c.text).toList());
  }
}
