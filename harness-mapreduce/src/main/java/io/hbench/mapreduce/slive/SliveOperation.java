package io.hbench.mapreduce.slive;

import java.util.Locale;

/** The operations of a Slive mix, by their command-line names. */
enum SliveOperation {
  CREATE,
  READ,
  LS,
  MKDIR,
  RENAME,
  APPEND,
  DELETE;

  String text() {
    return name().toLowerCase(Locale.ROOT);
  }

  static SliveOperation byText(String s) {
    for (SliveOperation o : values()) {
      if (o.text().equals(s.trim().toLowerCase(Locale.ROOT))) {
        return o;
      }
    }
    return null;
  }
}
