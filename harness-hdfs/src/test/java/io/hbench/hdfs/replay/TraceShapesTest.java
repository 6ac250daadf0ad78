package io.hbench.hdfs.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.hdfs.replay.ReplayOptions.PartitionBy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What replay makes of a trace before any call: synthetic traces, the anonymized copy, the
 * namespace seed and each client thread's timetable.
 */
class TraceShapesTest {

  static final Map<String, Integer> MIX = ReplayOptions.mix(SyntheticTrace.DEFAULT_MIX);

  static List<AuditCommand> synthetic(int missing, long seed) {
    return SyntheticTrace.generate(20_000, 20_000, MIX, 5, 3, missing, seed);
  }

  @Test
  void theSameSeedGivesTheSameTraceAndEachClientsCommandsFindTheirTargets() {
    List<AuditCommand> a = synthetic(0, 3);
    assertEquals(a, synthetic(0, 3));
    assertNotEquals(a, synthetic(0, 4));
    assertEquals(8, a.stream().map(AuditCommand::cmd).distinct().count());
    assertEquals(5, a.stream().map(AuditCommand::user).distinct().count());
    // Replayed client by client in order, every command finds what it needs.
    Map<String, Set<String>> files = new HashMap<>();
    for (AuditCommand c : a) {
      Set<String> mine = files.computeIfAbsent(c.ip(), k -> new HashSet<>());
      switch (c.cmd()) {
        case "create" -> assertTrue(mine.add(c.src()));
        case "rename" -> {
          assertTrue(mine.remove(c.src()), c.toString());
          mine.add(c.dst());
        }
        case "delete" -> assertTrue(mine.remove(c.src()), c.toString());
        case "open", "getfileinfo", "setPermission" -> assertTrue(mine.contains(c.src()), c.toString());
        default -> { }
      }
    }
  }

  @Test
  void exactlyThePercentOfOpensMissThatIsAskedFor() {
    List<AuditCommand> a = synthetic(30, 5);
    long opens = a.stream().filter(c -> c.cmd().equals("open")).count();
    long never = a.stream().filter(c -> c.src().contains("/never/")).count();
    assertEquals(opens * 30 / 100, never, 1.0, never + " of " + opens);
  }

  @Test
  void anonymizingKeepsDepthSharingAndUsersButNoName() {
    List<AuditCommand> a = synthetic(0, 3).subList(0, 2000);
    TraceAnonymizer k1 = new TraceAnonymizer("secret");
    List<AuditCommand> x = a.stream().map(k1::anonymize).toList();
    assertEquals(x, a.stream().map(new TraceAnonymizer("secret")::anonymize).toList(),
        "the same key gives the same trace");
    assertNotEquals(x, a.stream().map(new TraceAnonymizer("other")::anonymize).toList());
    Map<String, String> byPath = new HashMap<>();
    for (int i = 0; i < a.size(); i++) {
      AuditCommand before = a.get(i);
      AuditCommand after = x.get(i);
      assertEquals(before.src().split("/").length, after.src().split("/").length);
      assertEquals(before.millis(), after.millis());
      assertEquals(before.cmd(), after.cmd());
      String prior = byPath.putIfAbsent(before.src(), after.src());
      assertTrue(prior == null || prior.equals(after.src()), "one name, one replacement");
      String parent = NamespaceSeed.parent(before.src());
      assertEquals(k1.path(parent), NamespaceSeed.parent(after.src()), "parents shared");
      assertFalse(after.src().contains("user") || after.user().contains("user")
          || after.ip().startsWith("10.0.0."), after.toString());
      assertEquals(after.user(), after.perm() == null ? after.user() : after.perm().split(":")[0]);
    }
    assertEquals(a.stream().map(AuditCommand::user).distinct().count(),
        x.stream().map(AuditCommand::user).distinct().count());
  }

  @Test
  void theSeedHoldsWhatTheTraceReadsBeforeItMakesIt() {
    List<AuditCommand> t = new ArrayList<>();
    long ms = 0;
    for (String[] c : new String[][] {{"open", "/a/old", null}, {"create", "/a/new", null},
        {"open", "/a/new", null}, {"listStatus", "/b", null}, {"rename", "/c/f", "/d/e/f"},
        {"getfileinfo", "/c/f", null}, {"checkAccess", "/z", null}, {"open", "/a/old", null}}) {
      t.add(new AuditCommand(ms++, true, "u", "1.2.3.4", c[0], c[1], c[2], null, "rpc"));
    }
    NamespaceSeed s = NamespaceSeed.of(t);
    assertEquals(List.of("/a/old", "/c/f"), s.files());
    // /b is listed; /d/e is where a rename puts its file.
    assertEquals(List.of("/b", "/d/e"), s.directories());
  }

  @Test
  void eachClientsCommandsStayOnOneThreadInOrderDueAtTheScaledTime() {
    List<AuditCommand> t = new ArrayList<>(synthetic(0, 3));
    t.add(new AuditCommand(t.get(10).millis(), true, "u", "9.9.9.9", "getEZForPath", "/x", null,
        null, "rpc"));
    t.add(new AuditCommand(t.get(10).millis(), false, "u", "9.9.9.9", "open", "/x", null, null,
        "rpc"));
    int clients = 6;
    long total = 0;
    Map<String, Integer> threadOf = new HashMap<>();
    for (int process = 0; process < 3; process++) {
      ReplayTimetable p = ReplayTimetable.of(t, 2.0, PartitionBy.IP, clients, process * 2, 2);
      assertEquals(Map.of("getEZForPath", 1L), p.unsupported);
      assertEquals(1, p.refused);
      for (int th = 0; th < 2; th++) {
        long last = -1;
        for (int i = 0; i < p.commands[th].length; i++) {
          AuditCommand c = p.commands[th][i];
          Integer was = threadOf.putIfAbsent(c.ip(), process * 2 + th);
          assertTrue(was == null || was == process * 2 + th, "a client on one thread");
          assertEquals((c.millis() - t.get(0).millis()) * 1_000_000L / 2, p.dueNanos[th][i]);
          assertTrue(p.dueNanos[th][i] >= last, "in order");
          last = p.dueNanos[th][i];
        }
        total += p.commands[th].length;
      }
    }
    assertEquals(20_000, total, "every replayable command on exactly one thread");
  }
}
