package io.hbench.core.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.hbench.core.error.InvalidInputException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code --disrupt} as planned before a load: what it reads, and what it refuses in one line. */
class DisruptionTest {

  private static String refused(Runnable r) {
    return assertThrows(InvalidInputException.class, r::run).getMessage();
  }

  @Test
  void actionsWithTheirNodesAndTimesInOrder() {
    Disruption d = Disruption.parse("--disrupt",
        "shutdown-datanode@20s, failover-namenode@40s,stop-regionserver:2@1m");
    List<Disruption.Action> a = d.actions();
    assertEquals(Disruption.Kind.SHUTDOWN_DATANODE, a.get(0).kind());
    assertEquals(0, a.get(0).node());
    assertEquals(Duration.ofSeconds(20), a.get(0).at());
    assertNull(a.get(1).node());
    assertEquals(2, a.get(2).node());
    assertEquals(Duration.ofMinutes(1), a.get(2).at());
    assertEquals("shutdown-datanode@20s,failover-namenode@40s,stop-regionserver:2@60s", d.text());
    d.check("--disrupt", 40, Duration.ofSeconds(90), Duration.ofSeconds(1));
  }

  @Test
  void badInputIsOneLineNamingWhatIsWrong() {
    assertEquals("--disrupt: unknown action 'stop-namenode'; one of failover-namenode,"
        + " shutdown-datanode[:N], restart-datanode[:N], restart-namenode,"
        + " safemode-enter-leave, stop-regionserver[:N], move-regions,"
        + " restart-regionserver[:N], kill-task-container",
        refused(() -> Disruption.parse("--disrupt", "stop-namenode@20s")));
    assertEquals("--disrupt 'shutdown-datanode': give ACTION@TIME, such as"
        + " shutdown-datanode@20s", refused(() -> Disruption.parse("--disrupt",
            "shutdown-datanode")));
    assertEquals("--disrupt 'failover-namenode:1@20s': failover-namenode takes no node",
        refused(() -> Disruption.parse("--disrupt", "failover-namenode:1@20s")));
    assertEquals("--disrupt 'shutdown-datanode:x@20s': the node after ':' is a number from 0",
        refused(() -> Disruption.parse("--disrupt", "shutdown-datanode:x@20s")));
    assertEquals("--disrupt 'restart-namenode@10s': the actions' times must increase; it comes"
        + " after shutdown-datanode@20s", refused(() -> Disruption.parse("--disrupt",
            "shutdown-datanode@20s,restart-namenode@10s")));
    assertEquals("invalid value 'soon' for --disrupt: give a duration such as 500ms, 30s, 5m"
        + " or 1h", refused(() -> Disruption.parse("--disrupt", "restart-namenode@soon")));
  }

  @Test
  void aLoadThatCannotMeasureTheFaultIsRefused() {
    Disruption d = Disruption.parse("--disrupt", "shutdown-datanode@20s");
    Duration second = Duration.ofSeconds(1);
    assertEquals("--disrupt needs --target-rate: an open-loop load, whose calls keep their"
        + " times while the cluster stalls, so that no back-off hides the dip",
        refused(() -> d.check("--disrupt", 0, Duration.ofSeconds(60), second)));
    assertEquals("--disrupt needs --duration: the faults are placed in the load's time",
        refused(() -> d.check("--disrupt", 40, null, second)));
    assertEquals("--disrupt shutdown-datanode@20s: past the load's end less one interval"
        + " (--duration 20s)", refused(() -> d.check("--disrupt", 40, Duration.ofSeconds(20),
            second)));
    assertEquals("--disrupt shutdown-datanode@2s: the first action needs a control window"
        + " before it of at least 4s (3 whole intervals of 1s)", refused(() -> Disruption.parse(
            "--disrupt", "shutdown-datanode@2s").check("--disrupt", 40, Duration.ofSeconds(60),
                second)));
  }

  @Test
  void cyclesRepeatTheActionsAtTheSameOffsetsInEqualParts() {
    Disruption one = Disruption.parse("--disrupt", "failover-namenode@15s,shutdown-datanode@17s");
    Disruption two = one.repeated("--disrupt", 2, Duration.ofSeconds(40));
    // From 15 s to the end at 40 s in two cycles of 12.5 s.
    assertEquals(List.of(Duration.ofSeconds(15), Duration.ofSeconds(17),
        Duration.ofMillis(27_500), Duration.ofMillis(29_500)),
        two.actions().stream().map(Disruption.Action::at).toList());
    assertEquals(2, two.cycles());
    assertEquals(1, two.cycleOf(2));
    assertEquals(one.text(), two.text());
    two.check("--disrupt", 40, Duration.ofSeconds(40), Duration.ofSeconds(1));
    assertEquals("--disrupt failover-namenode@15s,shutdown-datanode@17s with --disrupt-cycles"
        + " 2: each cycle is 12.5s, too short to show a recovery (14s: 4 intervals of 3.5s)",
        refused(() -> two.check("--disrupt", 40, Duration.ofSeconds(40),
            Duration.ofMillis(3500))));
    assertEquals("--disrupt failover-namenode@15s,shutdown-datanode@17s with --disrupt-cycles"
        + " 20: a cycle is 1.25s long (from the first action to the load's end, over 20), too"
        + " short for its actions", refused(() -> one.repeated("--disrupt", 20,
            Duration.ofSeconds(40))));
  }
}
