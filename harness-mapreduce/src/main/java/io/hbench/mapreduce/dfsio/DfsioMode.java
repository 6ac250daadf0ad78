package io.hbench.mapreduce.dfsio;

import io.hbench.core.error.InvalidInputException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** What a DFSIO run does, as named on the command line. */
enum DfsioMode {
  WRITE("write"),
  READ("read"),
  APPEND("append"),
  RANDOM_READ("random-read"),
  CLEAN("clean");

  final String text;

  DfsioMode(String text) {
    this.text = text;
  }

  boolean reads() {
    return this == READ || this == RANDOM_READ;
  }

  boolean writes() {
    return this == WRITE || this == APPEND;
  }

  static DfsioMode parse(String s) {
    String t = s.trim().toLowerCase(Locale.ROOT);
    for (DfsioMode m : values()) {
      if (m.text.equals(t)) {
        return m;
      }
    }
    throw new InvalidInputException(
        "unknown mode '" + s + "' (one of "
            + Arrays.stream(values()).map(m -> m.text).collect(Collectors.joining(", ")) + ")");
  }
}
