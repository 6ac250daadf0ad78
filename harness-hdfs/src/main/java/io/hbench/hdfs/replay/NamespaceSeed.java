package io.hbench.hdfs.replay;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What {@code --seed-namespace} creates before the clock starts, so that a trace replays without
 * the cluster's fsimage: every path the trace reads before it creates it, in the trace's order,
 * and the parent of every rename's destination. A path the trace ever lists, sums, or puts other
 * paths under is a directory; any other a file. A path the trace made, moved or deleted before
 * reading it is left as the trace left it.
 *
 * @param files files to create
 * @param directories directories to create
 */
record NamespaceSeed(List<String> files, List<String> directories) {

  static NamespaceSeed of(List<AuditCommand> trace) {
    Set<String> parents = new HashSet<>();
    Set<String> listed = new HashSet<>();
    for (AuditCommand c : trace) {
      ReplayedCall call = ReplayedCall.of(c.cmd());
      if (call == null || !c.allowed()) {
        continue;
      }
      for (String p : paths(c, call)) {
        for (String a = parent(p); a != null; a = parent(a)) {
          if (!parents.add(a)) {
            break;
          }
        }
      }
      if (call.wantsDirectory()) {
        listed.add(c.src());
      }
    }
    Set<String> seen = new HashSet<>();
    Set<String> present = new HashSet<>(); // directories there by then: parents of what was made
    List<String> files = new ArrayList<>();
    List<String> dirs = new ArrayList<>();
    for (AuditCommand c : trace) {
      ReplayedCall call = ReplayedCall.of(c.cmd());
      if (call == null || !c.allowed() || c.src() == null) {
        continue;
      }
      List<String> read = call == ReplayedCall.CONCAT ? paths(c, call)
          : call.readsSource() ? List.of(c.src()) : List.of();
      for (String p : read) {
        if (!seen.contains(p) && !present.contains(p)) {
          (parents.contains(p) || listed.contains(p) ? dirs : files).add(p);
        }
        seen.add(p);
      }
      if (call.moves() && c.dst() != null) {
        String to = parent(c.dst());
        if (to != null && !present.contains(to)) {
          dirs.add(to);
        }
      }
      for (String p : paths(c, call)) {
        seen.add(p);
        for (String a = parent(p); a != null && present.add(a); a = parent(a)) {
          // every ancestor of a path the trace touched is there from now on
        }
      }
    }
    return new NamespaceSeed(List.copyOf(files), List.copyOf(dirs));
  }

  /** The paths a command names: its source (each of concat's), its destination. */
  static List<String> paths(AuditCommand c, ReplayedCall call) {
    List<String> out = new ArrayList<>();
    if (call == ReplayedCall.CONCAT) {
      out.addAll(concatSources(c.src()));
    } else if (c.src() != null) {
      out.add(c.src());
    }
    if (c.dst() != null) {
      out.add(c.dst());
    }
    return out;
  }

  /** concat's sources as the audit log writes them: {@code [/a, /b]}. */
  static List<String> concatSources(String src) {
    String inner = src.startsWith("[") && src.endsWith("]") ? src.substring(1, src.length() - 1)
        : src;
    List<String> out = new ArrayList<>();
    for (String s : inner.split(", ")) {
      if (!s.isBlank()) {
        out.add(s.trim());
      }
    }
    return out;
  }

  static String parent(String p) {
    int slash = p.lastIndexOf('/');
    return slash <= 0 ? null : p.substring(0, slash);
  }
}
