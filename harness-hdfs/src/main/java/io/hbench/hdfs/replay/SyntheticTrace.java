package io.hbench.hdfs.replay;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A seeded synthetic audit log, for running and testing replay without a production one: {@code
 * commands} commands spread at random over {@code durationMillis}, each from one of {@code users
 * x} {@link #CLIENTS_PER_USER} clients (an address each), drawn from a weighted mix of Slive's
 * kinds of operation by their audit names. Each client works in its own directory, {@code
 * /user/<user>/c<k>}, and only on what it made there, so a client's commands replayed in their
 * order all find their targets; exactly {@code missingPercent} of the opens aim at files that the
 * trace never creates. The same arguments give the same lines.
 */
final class SyntheticTrace {

  /** The commands a synthetic trace can hold. */
  static final List<String> COMMANDS = List.of("create", "open", "getfileinfo", "listStatus",
      "mkdirs", "rename", "delete", "setPermission", "append", "contentSummary", "setTimes",
      "setReplication");

  /** Eight kinds of command, about as an interactive cluster's log has them. */
  static final String DEFAULT_MIX = "create=15,open=30,getfileinfo=25,listStatus=10,mkdirs=5,"
      + "rename=5,delete=5,setPermission=5";

  static final int CLIENTS_PER_USER = 4;

  /** When the synthetic trace starts: its times are what matters, not the date. */
  static final long START_MILLIS = 1_798_761_600_000L; // 2027-01-01 00:00:00 UTC

  private SyntheticTrace() {}

  /** One client's namespace as the trace has made it so far. */
  private static final class Client {
    final String user;
    final String ip;
    final String home;
    final List<String> files = new ArrayList<>();
    final List<String> dirs = new ArrayList<>();
    int made;

    Client(String user, String ip, String home) {
      this.user = user;
      this.ip = ip;
      this.home = home;
    }
  }

  static List<AuditCommand> generate(long commands, long durationMillis, Map<String, Integer> mix,
      int users, int depth, int missingPercent, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    long[] times = new long[(int) commands];
    for (int i = 0; i < times.length; i++) {
      times[i] = START_MILLIS + random.nextLong(Math.max(1, durationMillis));
    }
    Arrays.sort(times);
    Client[] clients = new Client[users * CLIENTS_PER_USER];
    for (int c = 0; c < clients.length; c++) {
      String user = "user" + (c / CLIENTS_PER_USER);
      clients[c] = new Client(user, "10.0." + (c / 250) + "." + (c % 250 + 1),
          "/user/" + user + "/c" + (c % CLIENTS_PER_USER));
    }
    List<String> kinds = new ArrayList<>(mix.keySet());
    int[] cumulative = new int[kinds.size()];
    int total = 0;
    for (int k = 0; k < kinds.size(); k++) {
      total += mix.get(kinds.get(k));
      cumulative[k] = total;
    }
    List<AuditCommand> out = new ArrayList<>(times.length);
    long missing = 0;
    int debt = 0;
    for (long t : times) {
      Client c = clients[random.nextInt(clients.length)];
      int pick = random.nextInt(total);
      int k = 0;
      while (cumulative[k] <= pick) {
        k++;
      }
      String cmd = kinds.get(k);
      boolean listing = cmd.equals("listStatus") || cmd.equals("contentSummary");
      // Exactly missingPercent of the opens miss, spread evenly (an error-diffusion count).
      boolean miss = cmd.equals("open") && debt + missingPercent >= 100;
      if (listing ? c.made == 0 : c.files.isEmpty() && !cmd.equals("mkdirs") && !miss) {
        cmd = "create"; // nothing to work on yet: the client's directory is not there
      } else if (cmd.equals("open")) {
        debt += missingPercent - (miss ? 100 : 0);
      }
      String src;
      String dst = null;
      String perm = null;
      switch (cmd) {
        case "create" -> {
          src = dir(c, random) + "/f" + c.made++;
          c.files.add(src);
          perm = c.user + ":supergroup:rw-r--r--";
        }
        case "mkdirs" -> {
          String parent = dir(c, random);
          src = depthOf(parent, c.home) < depth ? parent + "/d" + c.made++ : c.home + "/d" + c.made++;
          c.dirs.add(src);
          perm = c.user + ":supergroup:rwxr-xr-x";
        }
        case "listStatus", "contentSummary" -> src = dir(c, random);
        case "rename" -> {
          int i = random.nextInt(c.files.size());
          src = c.files.get(i);
          dst = src.substring(0, src.lastIndexOf('/')) + "/r" + c.made++;
          c.files.set(i, dst);
          perm = c.user + ":supergroup:rw-r--r--";
        }
        case "delete" -> src = c.files.remove(random.nextInt(c.files.size()));
        case "open" -> {
          if (miss) {
            src = c.home + "/never/m" + missing++;
          } else {
            src = c.files.get(random.nextInt(c.files.size()));
          }
        }
        case "setPermission" -> {
          src = c.files.get(random.nextInt(c.files.size()));
          perm = c.user + ":supergroup:" + (random.nextBoolean() ? "rw-r-----" : "rw-r--r--");
        }
        default -> src = c.files.get(random.nextInt(c.files.size()));
      }
      out.add(new AuditCommand(t, true, c.user, c.ip, cmd, src, dst, perm, "rpc"));
    }
    return out;
  }

  /** The client's home or one of the directories it made. */
  private static String dir(Client c, SplittableRandom random) {
    int i = random.nextInt(c.dirs.size() + 1);
    return i == c.dirs.size() ? c.home : c.dirs.get(i);
  }

  private static int depthOf(String dir, String home) {
    return dir.length() == home.length() ? 0 : dir.substring(home.length()).split("/").length - 1;
  }
}
