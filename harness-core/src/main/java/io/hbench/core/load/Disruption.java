package io.hbench.core.load;

import io.hbench.core.error.InvalidInputException;
import io.hbench.core.text.DurationText;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The faults of {@code --disrupt ACTION@TIME[,ACTION@TIME...]}, as planned before the load
 * starts: each action, the node it is aimed at where it takes one ({@code shutdown-datanode:2}),
 * and when it is issued, from the load's start after any warm-up. Pure planning: what performs an
 * action is the cluster's business, and what the fault did is {@link FaultFigures}.
 *
 * @param actions in the order they are issued, every cycle's ({@link #repeated})
 * @param perCycle how many of them make one cycle: the option's actions
 */
public record Disruption(List<Action> actions, int perCycle) {

  /** What an action does and where it can be done. */
  public enum Kind {
    /** The standby NameNode of an HA pair made active. */
    FAILOVER_NAMENODE("failover-namenode", "hdfs", false, false),
    /** A DataNode told to shut down, as {@code dfsadmin -shutdownDatanode} does. */
    SHUTDOWN_DATANODE("shutdown-datanode", "hdfs", true, false),
    /** A DataNode stopped and started again (the embedded cluster's own). */
    RESTART_DATANODE("restart-datanode", "hdfs", true, true),
    /** The NameNode stopped and started again (the embedded cluster's own). */
    RESTART_NAMENODE("restart-namenode", "hdfs", false, true),
    /** Safe mode entered and left. */
    SAFEMODE_ENTER_LEAVE("safemode-enter-leave", "hdfs", false, false),
    /** A RegionServer stopped, as {@code Admin.stopRegionServer} does. */
    STOP_REGIONSERVER("stop-regionserver", "hbase", true, false),
    /** The table's regions moved to other RegionServers. */
    MOVE_REGIONS("move-regions", "hbase", false, false),
    /** A RegionServer stopped and started again (the embedded cluster's own). */
    RESTART_REGIONSERVER("restart-regionserver", "hbase", true, true),
    /** One of the load's own task containers killed; YARN restarts the task. */
    KILL_TASK_CONTAINER("kill-task-container", "yarn", false, false);

    private final String text;
    private final String service;
    private final boolean takesNode;
    private final boolean embeddedOnly;

    Kind(String text, String service, boolean takesNode, boolean embeddedOnly) {
      this.text = text;
      this.service = service;
      this.takesNode = takesNode;
      this.embeddedOnly = embeddedOnly;
    }

    /** The action as the option names it. */
    public String text() {
      return text;
    }

    /** The service whose servers it acts on: {@code hdfs}, {@code hbase} or {@code yarn}. */
    public String service() {
      return service;
    }

    /** Whether it is aimed at one node of several ({@code :N}). */
    public boolean takesNode() {
      return takesNode;
    }

    /** Whether only the embedded cluster, whose daemons run in hbench's process, can do it. */
    public boolean embeddedOnly() {
      return embeddedOnly;
    }

    String usage() {
      return text + (takesNode ? "[:N]" : "");
    }
  }

  /**
   * One action of the load.
   *
   * @param kind what it does
   * @param node which node of its kind, counting from 0; 0 when not given, null for an action
   *     that takes none
   * @param at when it is issued, from the load's start after any warm-up
   */
  public record Action(Kind kind, Integer node, Duration at) {

    /** The action as the option gives it: {@code shutdown-datanode:1@20s}. */
    public String text() {
      return kind.text() + (kind.takesNode() && node != 0 ? ":" + node : "") + "@"
          + seconds(at);
    }
  }

  public Disruption {
    actions = List.copyOf(actions);
    if (perCycle <= 0 || actions.size() % perCycle != 0) {
      throw new IllegalArgumentException(actions.size() + " actions are no whole cycles of "
          + perCycle);
    }
  }

  /** The actions of one cycle. */
  public Disruption(List<Action> actions) {
    this(actions, actions.size());
  }

  /** How many cycles the actions make. */
  public int cycles() {
    return actions.size() / perCycle;
  }

  /** The cycle, from 0, of action {@code i} of {@link #actions()}. */
  public int cycleOf(int i) {
    return i / perCycle;
  }

  /**
   * This cycle of actions {@code cycles} times in a load of {@code duration} ({@code
   * --disrupt-cycles}): the time from the first action to the load's end is cut into {@code
   * cycles} equal parts, and each part repeats the actions at the same offsets from its start,
   * so that each fault has the same time to recover before the next.
   *
   * @throws InvalidInputException when an action of a cycle would fall in the next one
   */
  public Disruption repeated(String option, int cycles, Duration duration) {
    if (cycles == 1) {
      return this;
    }
    Duration first = actions.get(0).at();
    Duration period = duration.minus(first).dividedBy(cycles);
    Action last = actions.get(actions.size() - 1);
    if (last.at().minus(first).compareTo(period) >= 0) {
      throw new InvalidInputException(option + " " + text() + " with --disrupt-cycles "
          + cycles + ": a cycle is " + seconds(period) + " long (from the first action to the"
          + " load's end, over " + cycles + "), too short for its actions");
    }
    List<Action> all = new ArrayList<>();
    for (int c = 0; c < cycles; c++) {
      for (Action a : actions) {
        all.add(new Action(a.kind(), a.node(), a.at().plus(period.multipliedBy(c))));
      }
    }
    return new Disruption(all, actions.size());
  }

  /**
   * Reads {@code text}, the value of {@code option}: actions separated by commas, each {@code
   * ACTION[:N]@TIME} with TIME a duration ({@code 20s}, {@code 1.5m}), in increasing order.
   *
   * @throws InvalidInputException naming the part that is wrong and what is expected
   */
  public static Disruption parse(String option, String text) {
    List<Action> actions = new ArrayList<>();
    for (String part : text.split(",", -1)) {
      String p = part.strip();
      int at = p.lastIndexOf('@');
      if (at <= 0 || at == p.length() - 1) {
        throw new InvalidInputException(option + " '" + p + "': give ACTION@TIME, such as"
            + " shutdown-datanode@20s");
      }
      String name = p.substring(0, at);
      Integer node = null;
      int colon = name.indexOf(':');
      if (colon >= 0) {
        String n = name.substring(colon + 1);
        name = name.substring(0, colon);
        try {
          node = Integer.parseInt(n);
        } catch (NumberFormatException e) {
          node = -1;
        }
        if (node < 0) {
          throw new InvalidInputException(option + " '" + p + "': the node after ':' is a"
              + " number from 0");
        }
      }
      Kind kind = kind(option, name);
      if (node != null && !kind.takesNode()) {
        throw new InvalidInputException(option + " '" + p + "': " + kind.text() + " takes no"
            + " node");
      }
      Duration when = DurationText.parse(option, p.substring(at + 1));
      if (!actions.isEmpty() && when.compareTo(actions.get(actions.size() - 1).at()) <= 0) {
        throw new InvalidInputException(option + " '" + p + "': the actions' times must"
            + " increase; it comes after " + actions.get(actions.size() - 1).text());
      }
      actions.add(new Action(kind, kind.takesNode() ? (node == null ? 0 : node) : null, when));
    }
    return new Disruption(actions);
  }

  /** Every action as the option takes it, comma-separated: for help. */
  public static String usage() {
    return Arrays.stream(Kind.values()).map(Kind::usage).collect(Collectors.joining(", "));
  }

  private static Kind kind(String option, String name) {
    for (Kind k : Kind.values()) {
      if (k.text().equals(name)) {
        return k;
      }
    }
    throw new InvalidInputException(option + ": unknown action '" + name + "'; one of "
        + usage());
  }

  /**
   * Refuses a disruption the load cannot measure, before anything is created: the load must be
   * open-loop ({@code targetRate} above 0, so that a client's back-off cannot hide the dip) and
   * timed, its first action must leave a control window of {@link
   * FaultFigures#MIN_CONTROL_INTERVALS} whole intervals, and its last must come before the
   * load's end with a whole interval after it.
   *
   * @param duration the load's {@code --duration}, or null when it runs by count
   * @param interval the load's interval ({@code --interval})
   */
  public void check(String option, double targetRate, Duration duration, Duration interval) {
    if (targetRate <= 0) {
      throw new InvalidInputException(option + " needs --target-rate: an open-loop load, whose"
          + " calls keep their times while the cluster stalls, so that no back-off hides the dip");
    }
    if (duration == null || duration.isZero()) {
      throw new InvalidInputException(option + " needs --duration: the faults are placed in the"
          + " load's time");
    }
    Duration control = interval.multipliedBy(FaultFigures.MIN_CONTROL_INTERVALS + 1);
    Action first = actions.get(0);
    if (first.at().compareTo(control) < 0) {
      throw new InvalidInputException(option + " " + first.text() + ": the first action needs a"
          + " control window before it of at least " + seconds(control) + " ("
          + FaultFigures.MIN_CONTROL_INTERVALS + " whole intervals of " + seconds(interval)
          + ")");
    }
    if (cycles() > 1) {
      Duration cycle = actions.get(perCycle).at().minus(first.at());
      Duration least = interval.multipliedBy(FaultFigures.RECOVERED_INTERVALS + 1);
      if (cycle.compareTo(least) < 0) {
        throw new InvalidInputException(option + " " + text() + " with --disrupt-cycles "
            + cycles() + ": each cycle is " + seconds(cycle) + ", too short to show a recovery"
            + " (" + seconds(least) + ": " + (FaultFigures.RECOVERED_INTERVALS + 1)
            + " intervals of " + seconds(interval) + ")");
      }
    }
    for (Action a : actions) {
      if (a.at().plus(interval).compareTo(duration) > 0) {
        throw new InvalidInputException(option + " " + a.text() + ": past the load's end less"
            + " one interval (--duration " + seconds(duration) + ")");
      }
    }
  }

  /** The actions of the first cycle as the option gives them. */
  public String text() {
    return actions.subList(0, perCycle).stream().map(Action::text)
        .collect(Collectors.joining(","));
  }

  private static String seconds(Duration d) {
    double s = d.toNanos() / 1e9;
    return (s == Math.rint(s) ? String.valueOf((long) s) : String.valueOf(s)) + "s";
  }
}
