package io.hbench.hdfs.namenode;

import io.hbench.core.error.InvalidInputException;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/** The NameNode operations nnthroughput measures, in the order {@code --op all} runs them. */
enum NameNodeOp {
  CREATE("create"),
  MKDIRS("mkdirs"),
  OPEN("open"),
  DELETE("delete"),
  FILE_STATUS("fileStatus"),
  RENAME("rename"),
  BLOCK_REPORT("blockReport"),
  REPLICATION("replication"),
  CLEAN("clean");

  final String text;

  NameNodeOp(String text) {
    this.text = text;
  }

  /** The operations {@code text} names: one, or every one for {@code all}. */
  static List<NameNodeOp> parse(String text) {
    if (text.equals("all")) {
      return List.of(values());
    }
    for (NameNodeOp op : values()) {
      if (op.text.equals(text)) {
        return List.of(op);
      }
    }
    throw new InvalidInputException(
        "unknown --op '" + text + "'; known: "
            + Arrays.stream(values()).map(o -> o.text).collect(Collectors.joining(", "))
            + ", all");
  }

  /** Whether the operation works on files that must exist first (made by create, untimed). */
  boolean needsFiles() {
    return this == OPEN || this == DELETE || this == FILE_STATUS || this == RENAME;
  }

  /** Whether the operation plays datanodes (simulated in this process). */
  boolean usesDatanodes() {
    return this == BLOCK_REPORT || this == REPLICATION;
  }

  /** Whether the operation consumes names made before the clock: each call one, once. */
  boolean consumesNames() {
    return this == DELETE || this == RENAME;
  }

  /**
   * Whether, under a duration, each run of the load works on names of its own: those that make
   * names (create, mkdirs) and those that consume them (delete, rename).
   */
  boolean namesEachRun() {
    return this == CREATE || this == MKDIRS || consumesNames();
  }

  /** Whether a single client issues the operation, whatever {@code --threads} says. */
  boolean singleClient() {
    return this == REPLICATION || this == CLEAN;
  }
}
